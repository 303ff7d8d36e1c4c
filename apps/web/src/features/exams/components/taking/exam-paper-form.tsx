import { COUNTDOWN_WINDOW_MS } from '@lectern/contracts/exams/attempt-deadline';
import type { DistributeResponse } from '@lectern/contracts/exams/exam-taking.schemas';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Alert, App, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { useOnline } from '../../../../shared/hooks/use-online.ts';
import { saveDraftOnExit, useSaveExamDraft, useSubmitExam } from '../../api/submit-exam.ts';
import {
  fromWireAnswers,
  questionNumbers,
  toWireAnswers,
  unansweredCount,
  type AnswerMap,
  type AnswerValue,
} from './answer-model.ts';
import { PaperQuestion, questionAnchorId } from './paper-question.tsx';
import { QuestionNavigator } from './question-navigator.tsx';
import { useAutosave, type AutosaveStatus } from './use-autosave.ts';
import { COUNTDOWN_WARNING_MS, formatRemaining, useCountdown } from './use-countdown.ts';

/**
 * How long before the end the paper is handed in automatically: the request needs a moment to arrive,
 * and the server refuses anything after the end time.
 */
export const AUTO_SUBMIT_MARGIN_MS = 3_000;

/**
 * Whether the countdown is worth showing: always with a time limit; without one only once the exam
 * closes within a day (a week-long window counting down "167:31:02" only alarms).
 */
export function isCountdownShown(timeLimitMinutes: number | null, remainingMs: number): boolean {
  return timeLimitMinutes !== null || remainingMs <= COUNTDOWN_WINDOW_MS;
}

/** One page of the one-question-at-a-time layout: a question and the text blocks just before it. */
interface PaperPage {
  subjects: PaperSubject[];
  /** The numbered question of the page (null for a paper of text blocks only). */
  questionId: number | null;
}

function paginate(paper: readonly PaperSubject[]): PaperPage[] {
  const pages: PaperPage[] = [];
  let pending: PaperSubject[] = [];
  for (const subject of paper) {
    pending.push(subject);
    if (subject.type !== 'paragraph_desc') {
      pages.push({ subjects: pending, questionId: subject.id });
      pending = [];
    }
  }
  if (pending.length > 0) {
    const last = pages.at(-1);
    if (last) last.subjects.push(...pending);
    else pages.push({ subjects: pending, questionId: null });
  }
  return pages;
}

function SaveStatus({ status }: { status: AutosaveStatus }) {
  const { t } = useTranslation('exams');
  if (status.state === 'saving')
    return <Typography.Text type="secondary">{t('taking.saving')}</Typography.Text>;
  if (status.state === 'saved') {
    return (
      <Typography.Text type="secondary">
        {t('taking.savedAt', { time: formatDateTime(status.at, 'HH:mm:ss') })}
      </Typography.Text>
    );
  }
  if (status.state === 'error') {
    return (
      <Typography.Text type="danger">
        {t('taking.saveFailed', {
          reason: isApiError(status.error) ? status.error.message : t('taking.saveFailedUnknown'),
        })}
      </Typography.Text>
    );
  }
  return <Typography.Text type="secondary">{t('taking.notSavedYet')}</Typography.Text>;
}

export interface ExamPaperFormProps {
  examId: number;
  paper: DistributeResponse;
  /** After the paper is handed in (by the student or when time runs out). */
  onSubmitted: (auto: boolean) => void;
}

/**
 * The paper being answered: questions (all at once or one at a time), a countdown, background draft
 * saving and the hand-in. Answers on screen are never cleared by a failed request.
 */
export function ExamPaperForm({ examId, paper, onSubmitted }: ExamPaperFormProps) {
  const { t } = useTranslation('exams');
  const { modal, message } = App.useApp();
  const subjects = paper.subjects;
  const [answers, setAnswers] = useState<AnswerMap>(() => fromWireAnswers(subjects, paper.draft_data));
  // The answers as of the last tick or keystroke, ahead of any render or debounced draft: the hand-in
  // sends these, so an option ticked a moment before handing in is never lost.
  const latestAnswers = useRef<AnswerMap>(answers);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [handingIn, setHandingIn] = useState(false);
  const handedIn = useRef(false);
  const pages = useMemo(() => paginate(subjects), [subjects]);
  const numbers = useMemo(() => questionNumbers(subjects), [subjects]);
  const [pageIndex, setPageIndex] = useState(0);
  const oneByOne = paper.display_mode === 'one_by_one';

  const saveDraft = useSaveExamDraft();
  const submit = useSubmitExam();
  // Offline, a draft or the hand-in waits and goes out once the connection is back: the student is told.
  const online = useOnline();
  const waitingForNetwork = !online || saveDraft.isPaused || submit.isPaused;
  const instanceId = paper.exam_paper_instance_id;

  const autosave = useAutosave<AnswerMap>({
    value: answers,
    enabled: !handingIn,
    save: async (value) => {
      await saveDraft.mutateAsync({ examId, instanceId, subjects: toWireAnswers(subjects, value) });
    },
    saveOnExit: (value) => saveDraftOnExit({ examId, instanceId, subjects: toWireAnswers(subjects, value) }),
  });
  const { markChanged } = autosave;
  const shownStatus: AutosaveStatus =
    autosave.status.state === 'idle' && paper.draft_saved_at
      ? { state: 'saved', at: new Date(paper.draft_saved_at) }
      : autosave.status;

  const onAnswer = useCallback(
    (subjectId: number, value: AnswerValue) => {
      if (handedIn.current) return;
      const next = { ...latestAnswers.current, [subjectId]: value };
      latestAnswers.current = next;
      markChanged(next);
      setAnswers(next);
    },
    [markChanged],
  );

  const handIn = async (auto: boolean) => {
    if (handedIn.current) return;
    handedIn.current = true;
    setHandingIn(true);
    setSubmitError(null);
    try {
      // A draft still on its way must not arrive after the final answers.
      await autosave.settle();
      await submit.mutateAsync({
        examId,
        instanceId,
        subjects: toWireAnswers(subjects, latestAnswers.current),
      });
      onSubmitted(auto);
    } catch (error) {
      handedIn.current = false;
      setHandingIn(false);
      setSubmitError(error);
      void message.error(isApiError(error) ? error.message : t('taking.submitFailed'));
    }
  };

  const warned = useRef(false);
  // Counted from the server's remaining seconds, so a student's wrong clock neither shortens nor
  // lengthens the attempt; older answers without them fall back to the end time.
  const [deadlineMs] = useState(() => {
    if (typeof paper.remaining_seconds === 'number') return Date.now() + paper.remaining_seconds * 1000;
    const at = paper.deadline ?? paper.end_time;
    return at ? new Date(at).getTime() : null;
  });
  const endTime = deadlineMs === null ? null : new Date(deadlineMs - AUTO_SUBMIT_MARGIN_MS).toISOString();
  const remaining = useCountdown(endTime, () => {
    void message.warning(t('taking.timeUp'));
    void handIn(true);
  });
  const showCountdown = remaining !== null && isCountdownShown(paper.time_limit_minutes ?? null, remaining);
  const nearEnd = remaining !== null && remaining <= COUNTDOWN_WARNING_MS;
  useEffect(() => {
    if (!nearEnd || warned.current || remaining === 0) return;
    warned.current = true;
    void message.warning(t('taking.nearEndToast', { minutes: COUNTDOWN_WARNING_MS / 60_000 }));
  }, [nearEnd, remaining, message, t]);

  const confirmHandIn = () => {
    const left = unansweredCount(subjects, latestAnswers.current);
    modal.confirm({
      title: t('taking.confirmTitle'),
      content: (
        <Flex vertical gap={8}>
          {left > 0 ? (
            <Typography.Text type="warning">{t('taking.confirmUnanswered', { count: left })}</Typography.Text>
          ) : (
            <Typography.Text>{t('taking.confirmAllAnswered')}</Typography.Text>
          )}
          <Typography.Text>{t('taking.confirmFinal')}</Typography.Text>
        </Flex>
      ),
      okText: t('taking.submit'),
      cancelText: t('taking.keepAnswering'),
      onOk: () => handIn(false),
    });
  };

  const jump = (subjectId: number) => {
    if (oneByOne) {
      const index = pages.findIndex((page) => page.subjects.some((s) => s.id === subjectId));
      if (index >= 0) setPageIndex(index);
      return;
    }
    const element = document.getElementById(questionAnchorId(subjectId));
    element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    element?.focus({ preventScroll: true });
  };

  const page = pages[Math.min(pageIndex, pages.length - 1)];
  const shown = oneByOne ? (page?.subjects ?? []) : subjects;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={17}>
        <Flex vertical gap={16}>
          {waitingForNetwork ? (
            <Alert
              type="warning"
              showIcon
              title={t('taking.offlineTitle')}
              description={t('taking.offline')}
            />
          ) : null}
          {submitError ? (
            <Alert
              type="error"
              showIcon
              title={t('taking.submitFailedTitle')}
              description={
                <>
                  {isApiError(submitError) ? submitError.message : t('taking.submitFailed')}{' '}
                  {t('taking.answersKept')}
                </>
              }
            />
          ) : null}
          {shown.map((subject) => (
            <div key={subject.id} id={questionAnchorId(subject.id)} tabIndex={-1} style={{ outline: 'none' }}>
              <PaperQuestion
                subject={subject}
                number={numbers.get(subject.id) ?? null}
                answers={answers}
                onAnswer={onAnswer}
                disabled={handingIn}
              />
            </div>
          ))}
          {oneByOne ? (
            <Flex justify="space-between" gap={8}>
              <Button disabled={pageIndex === 0} onClick={() => setPageIndex((i) => Math.max(0, i - 1))}>
                {t('taking.previous')}
              </Button>
              <Typography.Text type="secondary">
                {t('taking.pageOf', { current: pageIndex + 1, total: pages.length })}
              </Typography.Text>
              <Button
                disabled={pageIndex >= pages.length - 1}
                onClick={() => setPageIndex((i) => Math.min(pages.length - 1, i + 1))}
              >
                {t('taking.next')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </Col>
      <Col xs={24} lg={7}>
        <div style={{ position: 'sticky', top: 16 }}>
          <Card size="small">
            <Flex vertical gap={12}>
              {showCountdown ? (
                <div role="timer" aria-label={t('taking.timeLeft')}>
                  <Typography.Text type="secondary">{t('taking.timeLeft')}</Typography.Text>
                  <Typography.Title level={3} style={{ margin: 0 }} type={nearEnd ? 'danger' : undefined}>
                    {formatRemaining(remaining ?? 0)}
                  </Typography.Title>
                </div>
              ) : deadlineMs !== null ? (
                <Typography.Text type="secondary">
                  {t('taking.openUntil', { time: formatDateTime(deadlineMs, 'YYYY-MM-DD HH:mm') })}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('taking.noTimeLimit')}</Typography.Text>
              )}
              {nearEnd && remaining !== null && remaining > 0 ? (
                <Alert type="warning" showIcon title={t('taking.nearEnd')} />
              ) : null}
              <div aria-live="polite">
                <SaveStatus status={shownStatus} />
              </div>
              <QuestionNavigator
                paper={subjects}
                answers={answers}
                currentId={oneByOne ? (page?.questionId ?? null) : null}
                onJump={jump}
              />
              <Button type="primary" block loading={handingIn} onClick={confirmHandIn}>
                {t('taking.submit')}
              </Button>
            </Flex>
          </Card>
        </div>
      </Col>
    </Row>
  );
}
