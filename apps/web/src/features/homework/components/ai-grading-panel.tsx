import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import type { AiGradingSuggestion } from '@lectern/contracts/homework/homework-grading.schemas';
import { HOMEWORK_LIMITS } from '@lectern/contracts/homework/homework-settings';
import type { HomeworkDetail, HomeworkSubmission } from '@lectern/contracts/homework/homework.schemas';
import { Alert, App, Button, Card, Flex, Spin, Typography } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import {
  hasAiCredit,
  useAiStatus,
  useMyAiCredit,
  useRefreshAiCredit,
} from '../../../shared/hooks/use-ai-credit.ts';
import { usePrefersReducedMotion } from '../../../shared/hooks/use-prefers-reduced-motion.ts';
import { requestAiGrading } from '../api/request-ai-grading.ts';
import {
  aiGradingReducer,
  closeNeedsConfirmation,
  commentFromSuggestion,
  initialAiGrading,
  isActive,
} from './ai-grading-state.ts';
import './ai-grading-panel.css';

export interface AiGradingPanelProps {
  homework: HomeworkDetail;
  submission: HomeworkSubmission | null;
  /** Marking is not allowed (simulating, no allowMark). */
  disabled: boolean;
  /** Accepting fills the marking form's score and comment; the marker still saves. */
  onAccept: (values: { score: string; comment: string }) => void;
}

function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

/**
 * The AI grading suggestion of the marking sidebar (spec 000 addendum, spec 001 section 5). Hidden when
 * no model is configured. A suggestion is never a score: accepting copies it into the form.
 */
export function AiGradingPanel({ homework, submission, disabled, onAccept }: AiGradingPanelProps) {
  const { t } = useTranslation('homework');
  const { modal, message } = App.useApp();
  const status = useAiStatus();
  const credit = useMyAiCredit({ enabled: !disabled });
  const refreshCredit = useRefreshAiCredit();
  const reducedMotion = usePrefersReducedMotion();
  const [state, dispatch] = useReducer(aiGradingReducer, initialAiGrading);
  const [shakes, setShakes] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const submissionId = submission?.id ?? null;

  // The balance shown must be current when the marking screen opens.
  useEffect(() => {
    void refreshCredit();
  }, [refreshCredit]);

  // Another submission, or leaving the screen, drops a suggestion about this one.
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
      dispatch({ type: 'reset' });
    },
    [submissionId],
  );

  if (status.data?.available !== true || disabled) return null;

  const missing = !hasText(homework.description)
    ? t('aiGrading.needsDescription')
    : homework.rubric_id === null
      ? t('aiGrading.needsRubric')
      : !submission
        ? t('aiGrading.needsSubmission')
        : !hasAiCredit(credit.data)
          ? t('aiGrading.needsCredit')
          : null;

  const start = async () => {
    if (isActive(state)) {
      setShakes((n) => n + 1);
      return;
    }
    if (!submission || missing) return;
    const abort = new AbortController();
    controller.current = abort;
    dispatch({ type: 'start' });
    try {
      const suggestion = await requestAiGrading(homework.id, submission.id, {
        signal: abort.signal,
        onOpen: () => undefined,
        onText: (text) => dispatch({ type: 'message', text }),
      });
      if (!abort.signal.aborted) dispatch({ type: 'finish', suggestion });
    } catch (error) {
      if (abort.signal.aborted) return;
      dispatch({
        type: 'fail',
        message: isApiError(error) ? error.message : t('aiGrading.systemError'),
      });
    } finally {
      if (controller.current === abort) controller.current = null;
      void refreshCredit();
    }
  };

  const stop = () => {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'reset' });
  };

  const close = () => {
    if (!closeNeedsConfirmation(state)) {
      stop();
      return;
    }
    modal.confirm({
      title: t('aiGrading.closeConfirm'),
      okText: t('aiGrading.closeConfirmOk'),
      cancelText: t('aiGrading.closeConfirmCancel'),
      onOk: stop,
    });
  };

  const accept = (suggestion: AiGradingSuggestion) => {
    onAccept({
      score: String(suggestion.totalScore),
      comment: commentFromSuggestion(
        suggestion,
        { strengths: t('aiGrading.strengths'), improvements: t('aiGrading.improvements') },
        HOMEWORK_LIMITS.instructorCommentMax,
      ),
    });
    dispatch({ type: 'reset' });
    void message.success(t('aiGrading.accepted'));
  };

  const suggestion = state.suggestion;

  return (
    <Card
      size="small"
      key={shakes}
      className={shakes > 0 && !reducedMotion ? 'lectern-ai-grading-shake' : undefined}
      title={
        <Flex gap={6} align="center">
          <RobotOutlined aria-hidden />
          {t('aiGrading.title')}
        </Flex>
      }
      extra={
        isActive(state) ? (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('aiGrading.close')}
            onClick={close}
          />
        ) : null
      }
      role="region"
      aria-label={t('aiGrading.title')}
    >
      <Flex vertical gap={8}>
        <Button
          icon={<RobotOutlined aria-hidden />}
          disabled={!isActive(state) && missing !== null}
          onClick={() => void start()}
        >
          {t('aiGrading.start')}
        </Button>
        {state.phase === 'initial' && missing ? (
          <Typography.Text type="secondary">{missing}</Typography.Text>
        ) : null}
        {state.phase === 'initial' && state.error ? (
          <Alert type="error" showIcon title={state.error} />
        ) : null}
        {state.phase === 'pending' ? (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text>{t('aiGrading.pending')}</Typography.Text>
          </Flex>
        ) : null}
        {state.phase === 'waiting' ? (
          <Flex vertical gap={4} role="status">
            <Flex gap={8} align="center">
              <Spin size="small" />
              <Typography.Text>{t('aiGrading.waiting')}</Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('aiGrading.received', { chars: state.text.length })}
            </Typography.Text>
          </Flex>
        ) : null}
        {state.phase === 'finished' && suggestion ? <SuggestionView suggestion={suggestion} /> : null}
        {state.phase === 'finished' && suggestion ? (
          <Flex gap={8}>
            <Button type="primary" onClick={() => accept(suggestion)}>
              {t('aiGrading.accept')}
            </Button>
            <Button onClick={() => dispatch({ type: 'reset' })}>{t('aiGrading.discard')}</Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

function SuggestionView({ suggestion }: { suggestion: AiGradingSuggestion }) {
  const { t } = useTranslation('homework');
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>{t('aiGrading.totalScore', { score: suggestion.totalScore })}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {suggestion.scoreJustification.map((item, index) => (
          <li key={index}>
            <Typography.Text strong>
              {t('aiGrading.criterion', { criterion: item.criterion, points: item.points_awarded })}
            </Typography.Text>{' '}
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{item.explanation}</Typography.Text>
          </li>
        ))}
      </ul>
      {suggestion.strengths.length > 0 ? (
        <div>
          <Typography.Text strong>{t('aiGrading.strengths')}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {suggestion.strengths.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {suggestion.areasForImprovement.length > 0 ? (
        <div>
          <Typography.Text strong>{t('aiGrading.improvements')}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {suggestion.areasForImprovement.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Flex>
  );
}
