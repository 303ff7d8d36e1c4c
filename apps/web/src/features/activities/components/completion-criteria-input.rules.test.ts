import { describe, expect, it } from 'vitest';
import {
  chooseCriterion,
  chooseHasCriterion,
  completionRequest,
  hasCriterion,
  initialCompletion,
  isCompletionComplete,
  NONE_COMPLETION,
  selectableOptions,
  takesValue,
  valueSuffix,
  type CriterionOption,
} from './completion-criteria-input.rules.ts';

const option = (
  type: string,
  id: number,
  value: number | null = null,
  isDefault = false,
): CriterionOption => ({
  id,
  completion_criterion_type: type,
  description: type,
  value,
  is_default: isDefault,
});

// As GET /api/completion-criteria answers for each type.
const onlineVideo = [option('none', 1), option('view', 2), option('completeness', 3, 80, true)];
const homework = [option('none', 1), option('submitted', 5, null, true), option('score', 4, 60)];
const h5WithCompleteness = [option('none', 1), option('completeness', 3, 100, true)];

describe('initialCompletion', () => {
  it('starts a new activity at the default criterion with its default value', () => {
    expect(initialCompletion(onlineVideo)).toEqual({ key: 'completeness', value: 80 });
    expect(initialCompletion(homework)).toEqual({ key: 'submitted', value: null });
    expect(initialCompletion(h5WithCompleteness)).toEqual({ key: 'completeness', value: 100 });
  });

  it('keeps what an existing activity has', () => {
    expect(initialCompletion(homework, { key: 'score', value: 75 })).toEqual({ key: 'score', value: 75 });
    expect(initialCompletion(homework, NONE_COMPLETION)).toEqual(NONE_COMPLETION);
  });

  it('falls back to none when the type has no default or nothing loaded yet', () => {
    expect(initialCompletion([])).toEqual(NONE_COMPLETION);
    expect(initialCompletion([option('none', 1), option('view', 2)])).toEqual(NONE_COMPLETION);
  });
});

describe('choosing a criterion', () => {
  it("resets the value to the chosen criterion's default value", () => {
    expect(chooseCriterion(homework, 'score')).toEqual({ key: 'score', value: 60 });
    expect(chooseCriterion(onlineVideo, 'completeness')).toEqual({ key: 'completeness', value: 80 });
  });

  it('drops the value for a criterion that takes none', () => {
    expect(chooseCriterion(onlineVideo, 'view')).toEqual({ key: 'view', value: null });
  });

  it('switching to "has" picks the default, or the first offered when the default is none', () => {
    expect(chooseHasCriterion(homework)).toEqual({ key: 'submitted', value: null });
    expect(chooseHasCriterion([option('none', 1, null, true), option('view', 2)])).toEqual({
      key: 'view',
      value: null,
    });
    expect(chooseHasCriterion([option('none', 1)])).toBeUndefined();
  });
});

describe('none', () => {
  it('is the none criterion without a value, and is sent as such', () => {
    expect(hasCriterion(NONE_COMPLETION)).toBe(false);
    expect(hasCriterion({ key: 'view', value: null })).toBe(true);
    expect(completionRequest(NONE_COMPLETION)).toEqual({
      completion_criterion_key: 'none',
      completion_criterion_value: null,
    });
  });

  it('is never offered in the select', () => {
    expect(selectableOptions(onlineVideo).map((o) => o.completion_criterion_type)).toEqual([
      'view',
      'completeness',
    ]);
  });

  it('leaves out criteria this client does not know', () => {
    expect(selectableOptions([...homework, option('teleport', 99)]).map((o) => o.id)).toEqual([5, 4]);
  });
});

describe('the value input', () => {
  it('exists only for score and completeness', () => {
    expect(takesValue('score')).toBe(true);
    expect(takesValue('completeness')).toBe(true);
    for (const key of ['none', 'view', 'submitted', 'participate', 'unknown'])
      expect(takesValue(key)).toBe(false);
  });

  it('has a % suffix only for completeness', () => {
    expect(valueSuffix('completeness')).toBe('%');
    expect(valueSuffix('score')).toBeNull();
    expect(valueSuffix('view')).toBeNull();
  });

  it('must be filled for a criterion that takes a value, and travels only with one', () => {
    expect(isCompletionComplete({ key: 'score', value: null })).toBe(false);
    expect(isCompletionComplete({ key: 'score', value: 0 })).toBe(true);
    expect(isCompletionComplete({ key: 'view', value: null })).toBe(true);
    expect(completionRequest({ key: 'view', value: 42 })).toEqual({
      completion_criterion_key: 'view',
      completion_criterion_value: null,
    });
    expect(completionRequest({ key: 'completeness', value: 90 })).toEqual({
      completion_criterion_key: 'completeness',
      completion_criterion_value: 90,
    });
  });
});
