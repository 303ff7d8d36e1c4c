import { describe, expect, it } from 'vitest';
import { weightedTotal, weightShare } from './gradebook.rules.ts';

describe('weightedTotal', () => {
  it('weights each item’s fraction of its maximum', () => {
    // 80/100 at weight 3, 5/10 at weight 1: (3·0.8 + 1·0.5) / 4 = 72.5%
    expect(
      weightedTotal([
        { weight: 3, max_score: 100, score: 80 },
        { weight: 1, max_score: 10, score: 5 },
      ]),
    ).toBe(72.5);
  });

  it('counts an item without a score as zero', () => {
    expect(
      weightedTotal([
        { weight: 1, max_score: 100, score: 90 },
        { weight: 1, max_score: 100, score: null },
      ]),
    ).toBe(45);
  });

  it('ignores zero-weight items and is null when nothing carries weight', () => {
    expect(
      weightedTotal([
        { weight: 0, max_score: 100, score: 0 },
        { weight: 2, max_score: 50, score: 50 },
      ]),
    ).toBe(100);
    expect(weightedTotal([{ weight: 0, max_score: 100, score: 10 }])).toBeNull();
    expect(weightedTotal([])).toBeNull();
  });
});

describe('weightShare', () => {
  it('is the weight over the sum of weights, in percent', () => {
    expect(weightShare(1, [{ weight: 1 }, { weight: 2 }])).toBe(33.33);
    expect(weightShare(0, [{ weight: 0 }])).toBe(0);
  });
});
