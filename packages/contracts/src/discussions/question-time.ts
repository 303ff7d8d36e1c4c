/**
 * The question time (spec 001 section 5): a video position written hh:mm:ss. Each part is typed in its
 * own box of at most 2 characters; non-digits become 0 and values pad to two digits; hours above 99,
 * minutes above 59 or seconds above 59 are the question-time error, and with a media reference the
 * time must not exceed the media's duration. Questions on documents carry a page (slide, sheet) number
 * instead. The server validates `location` with these rules and the web input uses the same ones.
 */

export const QUESTION_TIME_LIMITS = {
  partMaxLength: 2,
  hoursMax: 99,
  minutesMax: 59,
  secondsMax: 59,
} as const;

/** Catalogued message keys (discussions.messages.ts) for a rejected question time. */
export const QUESTION_TIME_ERRORS = {
  invalid: 'discussions.questionTimeInvalid',
  beyondDuration: 'discussions.questionTimeBeyondDuration',
} as const;
export type QuestionTimeError = (typeof QUESTION_TIME_ERRORS)[keyof typeof QUESTION_TIME_ERRORS];

export type QuestionTimeParts = { hours: number; minutes: number; seconds: number };

/** What one part box holds after typing: at most 2 characters, each non-digit replaced by 0. */
export function normalizeTimePartInput(raw: string): string {
  return raw.slice(0, QUESTION_TIME_LIMITS.partMaxLength).replace(/\D/g, '0');
}

/** A part box's value padded to two digits ('' → '00', '7' → '07', 'x5' → '05'). */
export function padTimePart(raw: string | number): string {
  const text = typeof raw === 'number' ? String(Math.max(0, Math.trunc(raw))) : normalizeTimePartInput(raw);
  return text.padStart(2, '0');
}

/** The three part boxes as numbers (each normalised and padded first). */
export function partsFromInputs(hours: string, minutes: string, seconds: string): QuestionTimeParts {
  return {
    hours: Number(padTimePart(hours)),
    minutes: Number(padTimePart(minutes)),
    seconds: Number(padTimePart(seconds)),
  };
}

export function questionTimeToSeconds(parts: QuestionTimeParts): number {
  return parts.hours * 3600 + parts.minutes * 60 + parts.seconds;
}

/** A media position (seconds, fractions dropped) as parts; capped at 99:59:59, the largest writable time. */
export function secondsToQuestionTime(totalSeconds: number): QuestionTimeParts {
  const max =
    QUESTION_TIME_LIMITS.hoursMax * 3600 +
    QUESTION_TIME_LIMITS.minutesMax * 60 +
    QUESTION_TIME_LIMITS.secondsMax;
  const whole = Math.min(max, Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0)));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

/** `hh:mm:ss`, each part padded to two digits. */
export function formatQuestionTime(parts: QuestionTimeParts): string {
  return [parts.hours, parts.minutes, parts.seconds].map((part) => padTimePart(part)).join(':');
}

/** Convenience for players: the current media position as the location string. */
export function formatMediaTime(totalSeconds: number): string {
  return formatQuestionTime(secondsToQuestionTime(totalSeconds));
}

/**
 * Checks parts against the limits, and against the media duration (seconds) when one is known.
 * Returns the message key of the error, or null when the time is acceptable.
 */
export function validateQuestionTimeParts(
  parts: QuestionTimeParts,
  durationSeconds?: number | null,
): QuestionTimeError | null {
  const { hours, minutes, seconds } = parts;
  const whole = [hours, minutes, seconds].every((part) => Number.isInteger(part) && part >= 0);
  if (
    !whole ||
    hours > QUESTION_TIME_LIMITS.hoursMax ||
    minutes > QUESTION_TIME_LIMITS.minutesMax ||
    seconds > QUESTION_TIME_LIMITS.secondsMax
  ) {
    return QUESTION_TIME_ERRORS.invalid;
  }
  if (
    durationSeconds !== undefined &&
    durationSeconds !== null &&
    Number.isFinite(durationSeconds) &&
    durationSeconds >= 0 &&
    questionTimeToSeconds(parts) > Math.ceil(durationSeconds)
  ) {
    return QUESTION_TIME_ERRORS.beyondDuration;
  }
  return null;
}

const TIME_PATTERN = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/;

/**
 * Reads a stored or sent location `hh:mm:ss` (each part 1 or 2 digits). Returns null when it is not
 * in that shape; the limits are checked by validateQuestionTimeParts.
 */
export function parseQuestionTime(value: string): QuestionTimeParts | null {
  const match = TIME_PATTERN.exec(value.trim());
  if (!match) return null;
  return { hours: Number(match[1]), minutes: Number(match[2]), seconds: Number(match[3]) };
}

/** Validates a location string as a question time: shape, limits, and duration when given. */
export function validateQuestionTime(
  value: string,
  durationSeconds?: number | null,
): QuestionTimeError | null {
  const parts = parseQuestionTime(value);
  if (!parts) return QUESTION_TIME_ERRORS.invalid;
  return validateQuestionTimeParts(parts, durationSeconds);
}

/** The largest page (slide, sheet) number a location may name. */
export const PAGE_LOCATION_MAX = 100_000;

/** A page, slide or sheet location: a positive whole number written in digits, without leading zeros. */
export function isPageLocation(value: string): boolean {
  if (!/^[1-9]\d{0,5}$/.test(value)) return false;
  return Number(value) <= PAGE_LOCATION_MAX;
}

/** A well-formed, in-range question time (no duration check). */
export function isQuestionTimeLocation(value: string): boolean {
  return validateQuestionTime(value) === null;
}
