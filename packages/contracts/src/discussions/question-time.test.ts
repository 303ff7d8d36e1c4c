import { describe, expect, it } from 'vitest';
import {
  formatMediaTime,
  formatQuestionTime,
  isPageLocation,
  isQuestionTimeLocation,
  normalizeTimePartInput,
  padTimePart,
  parseQuestionTime,
  partsFromInputs,
  secondsToQuestionTime,
  validateQuestionTime,
  validateQuestionTimeParts,
} from './question-time.ts';

describe('question time part boxes', () => {
  it('keeps at most two characters and turns non-digits into 0', () => {
    expect(normalizeTimePartInput('123')).toBe('12');
    expect(normalizeTimePartInput('a5')).toBe('05');
    expect(normalizeTimePartInput('-')).toBe('0');
    expect(normalizeTimePartInput('')).toBe('');
  });

  it('pads values to two digits', () => {
    expect(padTimePart('')).toBe('00');
    expect(padTimePart('7')).toBe('07');
    expect(padTimePart('x')).toBe('00');
    expect(padTimePart('42')).toBe('42');
    expect(padTimePart(5)).toBe('05');
  });

  it('reads the three boxes as numbers', () => {
    expect(partsFromInputs('1', 'x3', '')).toEqual({ hours: 1, minutes: 3, seconds: 0 });
  });
});

describe('validateQuestionTimeParts', () => {
  it('accepts the limits themselves', () => {
    expect(validateQuestionTimeParts({ hours: 99, minutes: 59, seconds: 59 })).toBeNull();
    expect(validateQuestionTimeParts({ hours: 0, minutes: 0, seconds: 0 })).toBeNull();
  });

  it('gives the question-time error above 99 hours, 59 minutes or 59 seconds', () => {
    expect(validateQuestionTimeParts({ hours: 100, minutes: 0, seconds: 0 })).toBe(
      'discussions.questionTimeInvalid',
    );
    expect(validateQuestionTimeParts({ hours: 0, minutes: 60, seconds: 0 })).toBe(
      'discussions.questionTimeInvalid',
    );
    expect(validateQuestionTimeParts({ hours: 0, minutes: 0, seconds: 60 })).toBe(
      'discussions.questionTimeInvalid',
    );
    expect(validateQuestionTimeParts({ hours: 0, minutes: 1.5, seconds: 0 })).toBe(
      'discussions.questionTimeInvalid',
    );
  });

  it('refuses a time after the end of the media, and accepts its very end', () => {
    expect(validateQuestionTimeParts({ hours: 0, minutes: 2, seconds: 1 }, 120)).toBe(
      'discussions.questionTimeBeyondDuration',
    );
    expect(validateQuestionTimeParts({ hours: 0, minutes: 2, seconds: 0 }, 120)).toBeNull();
    // a fractional duration allows its last partial second
    expect(validateQuestionTimeParts({ hours: 0, minutes: 2, seconds: 1 }, 120.4)).toBeNull();
    expect(validateQuestionTimeParts({ hours: 50, minutes: 0, seconds: 0 }, null)).toBeNull();
  });
});

describe('question time strings', () => {
  it('parses hh:mm:ss with one or two digits per part', () => {
    expect(parseQuestionTime('01:02:03')).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(parseQuestionTime('1:2:3')).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(parseQuestionTime('01:02')).toBeNull();
    expect(parseQuestionTime('001:02:03')).toBeNull();
    expect(parseQuestionTime('aa:bb:cc')).toBeNull();
  });

  it('formats padded to two digits', () => {
    expect(formatQuestionTime({ hours: 1, minutes: 2, seconds: 3 })).toBe('01:02:03');
    expect(formatMediaTime(3725.9)).toBe('01:02:05');
  });

  it('caps media positions at 99:59:59', () => {
    expect(secondsToQuestionTime(1_000_000)).toEqual({ hours: 99, minutes: 59, seconds: 59 });
    expect(secondsToQuestionTime(Number.NaN)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('validates whole strings, with the duration', () => {
    expect(validateQuestionTime('00:10:00')).toBeNull();
    expect(validateQuestionTime('00:61:00')).toBe('discussions.questionTimeInvalid');
    expect(validateQuestionTime('3')).toBe('discussions.questionTimeInvalid');
    expect(validateQuestionTime('00:10:01', 600)).toBe('discussions.questionTimeBeyondDuration');
    expect(isQuestionTimeLocation('99:59:59')).toBe(true);
    expect(isQuestionTimeLocation('100:00:00')).toBe(false);
  });
});

describe('isPageLocation', () => {
  it('accepts positive whole numbers only', () => {
    expect(isPageLocation('1')).toBe(true);
    expect(isPageLocation('250')).toBe(true);
    expect(isPageLocation('0')).toBe(false);
    expect(isPageLocation('-3')).toBe(false);
    expect(isPageLocation('03')).toBe(false);
    expect(isPageLocation('1.5')).toBe(false);
    expect(isPageLocation('00:01:00')).toBe(false);
    expect(isPageLocation('')).toBe(false);
    expect(isPageLocation('999999')).toBe(false);
  });
});
