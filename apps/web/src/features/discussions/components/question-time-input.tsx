import {
  normalizeTimePartInput,
  padTimePart,
  partsFromInputs,
  QUESTION_TIME_ERRORS,
  QUESTION_TIME_LIMITS,
  validateQuestionTimeParts,
  type QuestionTimeParts,
} from '@lectern/contracts/discussions/question-time';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The three boxes as typed. */
export interface QuestionTimeValue {
  hours: string;
  minutes: string;
  seconds: string;
}

export function questionTimeValue(parts: QuestionTimeParts): QuestionTimeValue {
  return {
    hours: padTimePart(parts.hours),
    minutes: padTimePart(parts.minutes),
    seconds: padTimePart(parts.seconds),
  };
}

/** The error sentence for the boxes (hours > 99, minutes or seconds > 59, or past the video's end), or null. */
export function useQuestionTimeError(value: QuestionTimeValue, durationSeconds?: number): string | null {
  const { t } = useTranslation('discussions');
  const error = validateQuestionTimeParts(
    partsFromInputs(value.hours, value.minutes, value.seconds),
    durationSeconds,
  );
  if (error === QUESTION_TIME_ERRORS.invalid) return t('time.invalid');
  if (error === QUESTION_TIME_ERRORS.beyondDuration) return t('time.beyondDuration');
  return null;
}

export interface QuestionTimeInputProps {
  value: QuestionTimeValue;
  onChange: (value: QuestionTimeValue) => void;
  /** Shown under the boxes once the user has tried to send (or edited them). */
  error: string | null;
}

const PARTS = ['hours', 'minutes', 'seconds'] as const;

/**
 * hh : mm : ss boxes (spec 001 section 5): at most 2 characters each, non-digits become 0, a box pads to
 * two digits when left.
 */
export function QuestionTimeInput({ value, onChange, error }: QuestionTimeInputProps) {
  const { t } = useTranslation('discussions');
  return (
    <Form.Item
      label={t('time.label')}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      style={{ marginBottom: 8 }}
    >
      <Flex align="center" gap={4} role="group" aria-label={t('time.label')}>
        {PARTS.map((part, index) => (
          <Flex key={part} align="center" gap={4}>
            {index > 0 ? <span aria-hidden>:</span> : null}
            <Input
              aria-label={t(`time.${part}`)}
              value={value[part]}
              maxLength={QUESTION_TIME_LIMITS.partMaxLength}
              inputMode="numeric"
              style={{ width: 48, textAlign: 'center' }}
              status={error ? 'error' : undefined}
              onChange={(event) => onChange({ ...value, [part]: normalizeTimePartInput(event.target.value) })}
              onBlur={() => onChange({ ...value, [part]: padTimePart(value[part]) })}
            />
          </Flex>
        ))}
      </Flex>
    </Form.Item>
  );
}
