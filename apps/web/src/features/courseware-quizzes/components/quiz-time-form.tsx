import {
  formatMediaTime,
  parseQuestionTime,
  questionTimeToSeconds,
} from '@lectern/contracts/discussions/question-time';
import { QUIZ_LIMITS } from '@lectern/contracts/courseware-quizzes/quiz-rules';
import type { SaveCoursewareQuizRequest } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a quiz sits (hh:mm:ss, or the player's current time) and its title. */
export function QuizTimeForm({
  initial,
  readTime,
  submitLabel,
  pending,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: { position: number; title: string };
  readTime?: () => number | null;
  submitLabel: string;
  pending: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (body: SaveCoursewareQuizRequest) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const id = useId();
  const [time, setTime] = useState(initial ? formatMediaTime(initial.position) : '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parts = parseQuestionTime(time);
    const seconds = parts ? questionTimeToSeconds(parts) : Number.NaN;
    if (!parts || parts.minutes > 59 || parts.seconds > 59 || seconds > QUIZ_LIMITS.positionMax) {
      setError(t('manage.timeInvalid'));
      return;
    }
    setError(null);
    onSubmit({ position: seconds, title });
  };
  const timeError = error ?? serverErrors?.position?.join(' ') ?? null;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Input
          aria-label={t('manage.time')}
          placeholder="00:01:30"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          status={timeError ? 'error' : undefined}
          aria-describedby={timeError ? `${id}-error` : undefined}
          style={{ width: 120 }}
        />
        {readTime ? (
          <Button
            onClick={() => {
              const now = readTime();
              if (now !== null) setTime(formatMediaTime(Math.floor(now)));
            }}
          >
            {t('manage.useCurrentTime')}
          </Button>
        ) : null}
        <Input
          aria-label={t('manage.quizTitle')}
          placeholder={t('manage.quizTitle')}
          value={title}
          maxLength={QUIZ_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          style={{ flex: 1, minWidth: 160 }}
        />
        <Button type="primary" onClick={submit} loading={pending}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('manage.cancel')}</Button> : null}
      </Flex>
      {timeError ? (
        <Typography.Text id={`${id}-error`} type="danger" role="alert">
          {timeError}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
