import { describe, expect, it } from 'vitest';
import { conditionMax, rubricTotal, sameScoring, scoreFromSelection } from './rubric.rules.ts';

const levels = (...scores: (number | null)[]) => scores.map((score) => ({ score }));
const rubric = { conditions: [{ levels: levels(10, 8, 6, 4) }, { levels: levels(2.5, 5.1) }] };

describe('rubricTotal', () => {
  it('sums the highest level of each criterion, whatever the level order', () => {
    expect(rubricTotal(rubric)).toBe(15.1);
    expect(rubricTotal({ conditions: [{ levels: levels(1, 9, 3) }, { levels: levels(0) }] })).toBe(9);
  });

  it('keeps one decimal without floating-point noise', () => {
    expect(rubricTotal({ conditions: [{ levels: levels(0.1) }, { levels: levels(0.2) }] })).toBe(0.3);
  });

  it('counts levels without a score (still being typed) as nothing', () => {
    expect(conditionMax({ levels: levels(null, 3) })).toBe(3);
    expect(rubricTotal({ conditions: [{ levels: levels(null) }, { levels: [] }] })).toBe(0);
  });
});

describe('scoreFromSelection', () => {
  it('sums the chosen levels when every criterion has one', () => {
    expect(
      scoreFromSelection(rubric, [
        { condition_index: 1, level_index: 0 },
        { condition_index: 0, level_index: 1 },
      ]),
    ).toEqual({ kind: 'complete', score: 10.5 });
  });

  it('names the criteria left without a level', () => {
    expect(scoreFromSelection(rubric, [{ condition_index: 1, level_index: 1 }])).toEqual({
      kind: 'incomplete',
      missing: [0],
    });
    expect(scoreFromSelection(rubric, [])).toEqual({ kind: 'incomplete', missing: [0, 1] });
  });

  it('refuses levels or criteria the rubric does not have, and a criterion chosen twice', () => {
    expect(scoreFromSelection(rubric, [{ condition_index: 2, level_index: 0 }])).toEqual({ kind: 'invalid' });
    expect(scoreFromSelection(rubric, [{ condition_index: 1, level_index: 2 }])).toEqual({ kind: 'invalid' });
    expect(
      scoreFromSelection(rubric, [
        { condition_index: 0, level_index: 0 },
        { condition_index: 0, level_index: 1 },
      ]),
    ).toEqual({ kind: 'invalid' });
  });
});

describe('sameScoring', () => {
  it('holds when only wording could differ', () => {
    expect(
      sameScoring(rubric, { conditions: [{ levels: levels(10, 8, 6, 4) }, { levels: levels(2.5, 5.1) }] }),
    ).toBe(true);
  });

  it('breaks on a changed score, an added or removed level, or criterion', () => {
    expect(
      sameScoring(rubric, { conditions: [{ levels: levels(10, 8, 6, 3) }, { levels: levels(2.5, 5.1) }] }),
    ).toBe(false);
    expect(
      sameScoring(rubric, { conditions: [{ levels: levels(10, 8, 6) }, { levels: levels(2.5, 5.1) }] }),
    ).toBe(false);
    expect(sameScoring(rubric, { conditions: [{ levels: levels(10, 8, 6, 4) }] })).toBe(false);
  });
});
