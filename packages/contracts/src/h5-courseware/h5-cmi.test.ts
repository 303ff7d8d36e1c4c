import { describe, expect, it } from 'vitest';
import { invalidCmiElements, meetsCompleteness, summarizeCmi } from './h5-cmi.ts';

describe('validating a committed data model', () => {
  it('accepts what the run-time accepts, in any key order', () => {
    expect(
      invalidCmiElements('1.2', {
        'cmi.interactions.1.id': 'b',
        'cmi.interactions.0.id': 'a',
        'cmi.core.lesson_status': 'passed',
        'cmi.core.total_time': '0001:02:03',
      }),
    ).toEqual({});
  });

  it('names each refused element with its SCORM error code', () => {
    expect(
      invalidCmiElements('2004', {
        'cmi.success_status': 'great',
        'cmi.progress_measure': '2',
        'cmi.learner_name': 'x',
        'cmi.total_time': 'forever',
      }),
    ).toEqual({
      'cmi.success_status': '406',
      'cmi.progress_measure': '407',
      'cmi.learner_name': '404',
      'cmi.total_time': '406',
    });
  });
});

describe('summarising a data model', () => {
  it('reads 1.2 lesson_status as completion and success, and scales the raw score', () => {
    expect(
      summarizeCmi('1.2', {
        'cmi.core.lesson_status': 'failed',
        'cmi.core.score.raw': '12',
        'cmi.core.score.min': '0',
        'cmi.core.score.max': '40',
      }),
    ).toEqual({
      completion_status: 'completed',
      success_status: 'failed',
      score_raw: 12,
      score_min: 0,
      score_max: 40,
      score_percent: 30,
      progress: 100,
    });
    expect(summarizeCmi('1.2', { 'cmi.core.lesson_status': 'browsed' }).completion_status).toBe('incomplete');
  });

  it('reads 2004 progress_measure as progress and prefers the scaled score', () => {
    const summary = summarizeCmi('2004', {
      'cmi.completion_status': 'incomplete',
      'cmi.progress_measure': '0.42',
      'cmi.score.scaled': '0.8',
      'cmi.score.raw': '3',
    });
    expect(summary).toMatchObject({ progress: 42, score_percent: 80, success_status: 'unknown' });
  });

  it('compares progress with the completeness value', () => {
    expect(meetsCompleteness(60, 60)).toBe(true);
    expect(meetsCompleteness(59, 60)).toBe(false);
    expect(meetsCompleteness(99, null)).toBe(false);
  });
});
