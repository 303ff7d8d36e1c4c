import { describe, expect, it } from 'vitest';
import {
  COMPLETION_CRITERIA,
  criteriaFor,
  criterionTakesValue,
  criterionTypeById,
  criterionValueSuffix,
  resolveCompletion,
  selectableCriteria,
} from './completion-criteria.ts';

const off = { h5CoursewareCompleteness: false };
const on = { h5CoursewareCompleteness: true };
const types = (options: { completion_criterion_type: string }[]) =>
  options.map((o) => o.completion_criterion_type);

describe('criteriaFor', () => {
  it('offers none and view for h5 courseware with the org setting off, view by default', () => {
    const options = criteriaFor('h5_courseware', off);
    expect(types(options)).toEqual(['none', 'view']);
    expect(options.find((o) => o.is_default)?.completion_criterion_type).toBe('view');
  });

  it('offers completeness instead of view for h5 courseware with the setting on, at 100% by default', () => {
    const options = criteriaFor('h5_courseware', on);
    expect(types(options)).toEqual(['none', 'completeness']);
    expect(options.find((o) => o.is_default)).toMatchObject({
      completion_criterion_type: 'completeness',
      value: 100,
    });
  });

  it('leaves other types alone whatever the setting says', () => {
    expect(criteriaFor('online_video', on)).toEqual(criteriaFor('online_video', off));
    expect(types(criteriaFor('homework', off))).toEqual(['none', 'submitted', 'score']);
  });

  it('uses the stable ids and gives values only to criteria that take one', () => {
    for (const option of criteriaFor('homework', off)) {
      expect(option.id).toBe(COMPLETION_CRITERIA[option.completion_criterion_type].id);
      expect(option.value === null).toBe(!criterionTakesValue(option.completion_criterion_type));
    }
  });

  it('hides none from the select (the radio covers it) and suffixes completeness with %', () => {
    expect(types(selectableCriteria(criteriaFor('online_video', off)))).toEqual(['view', 'completeness']);
    expect(criterionValueSuffix('completeness')).toBe('%');
    expect(criterionValueSuffix('score')).toBeNull();
  });
});

describe('resolveCompletion', () => {
  it("takes the type's default criterion and default value when none is given", () => {
    expect(resolveCompletion('online_video', off, {})).toEqual({ ok: true, key: 'completeness', value: 80 });
    expect(resolveCompletion('material', off, { key: null })).toEqual({ ok: true, key: 'view', value: null });
    expect(resolveCompletion('homework', off, {})).toEqual({ ok: true, key: 'submitted', value: null });
  });

  it('accepts none for every type', () => {
    expect(resolveCompletion('homework', off, { key: 'none' })).toEqual({
      ok: true,
      key: 'none',
      value: null,
    });
    expect(resolveCompletion('h5_courseware', on, { key: 'none', value: 50 })).toEqual({
      ok: true,
      key: 'none',
      value: null,
    });
  });

  it('refuses h5 completeness while the org setting is off, naming what is allowed', () => {
    expect(resolveCompletion('h5_courseware', off, { key: 'completeness', value: 50 })).toEqual({
      ok: false,
      field: 'completion_criterion_key',
      reason: 'notApplicable',
      allowed: ['none', 'view'],
    });
  });

  it('accepts h5 completeness with the setting on, and refuses view then', () => {
    expect(resolveCompletion('h5_courseware', on, { key: 'completeness', value: 60 })).toEqual({
      ok: true,
      key: 'completeness',
      value: 60,
    });
    expect(resolveCompletion('h5_courseware', on, { key: 'view' })).toMatchObject({
      ok: false,
      reason: 'notApplicable',
    });
  });

  it('refuses an unknown criterion and one the type does not offer', () => {
    expect(resolveCompletion('material', off, { key: 'teleport' })).toMatchObject({
      ok: false,
      field: 'completion_criterion_key',
    });
    expect(resolveCompletion('material', off, { key: 'score', value: 60 })).toMatchObject({
      ok: false,
      field: 'completion_criterion_key',
    });
  });

  it('requires a value when the input was cleared (explicit null) for a criterion that takes one', () => {
    expect(resolveCompletion('homework', off, { key: 'score', value: null })).toEqual({
      ok: false,
      field: 'completion_criterion_value',
      reason: 'valueRequired',
    });
    expect(resolveCompletion('homework', off, { key: 'score', value: Number.NaN })).toMatchObject({
      reason: 'valueRequired',
    });
  });

  it('checks the value range at both ends', () => {
    expect(resolveCompletion('online_video', off, { key: 'completeness', value: 0 })).toEqual({
      ok: false,
      field: 'completion_criterion_value',
      reason: 'valueOutOfRange',
      range: { min: 1, max: 100 },
    });
    expect(resolveCompletion('online_video', off, { key: 'completeness', value: 101 })).toMatchObject({
      reason: 'valueOutOfRange',
    });
    expect(resolveCompletion('online_video', off, { key: 'completeness', value: 1 })).toMatchObject({
      ok: true,
    });
    expect(resolveCompletion('homework', off, { key: 'score', value: 0 })).toMatchObject({
      ok: true,
      value: 0,
    });
    expect(resolveCompletion('homework', off, { key: 'score', value: 100 })).toMatchObject({ ok: true });
  });

  it('drops a value sent with a criterion that takes none', () => {
    expect(resolveCompletion('material', off, { key: 'view', value: 42 })).toEqual({
      ok: true,
      key: 'view',
      value: null,
    });
  });
});

describe('criterionTypeById', () => {
  it('names the criterion of each catalogue id, and nothing for an unknown id', () => {
    for (const [type, { id }] of Object.entries(COMPLETION_CRITERIA))
      expect(criterionTypeById(id)).toBe(type);
    expect(criterionTypeById(99)).toBeUndefined();
  });
});
