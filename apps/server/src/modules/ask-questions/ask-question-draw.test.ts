import { describe, expect, it } from 'vitest';
import { drawAvoiding, drawDistinct } from './ask-question-draw.ts';

/**
 * Pearson's chi-square statistic of observed counts against an equal expectation. With 19 degrees of
 * freedom the 0.9999 quantile is about 45.0: a fair draw exceeds it once in ten thousand runs, a draw that
 * favoured or skipped anyone by a few percent exceeds it every time at these sample sizes.
 */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}
const CHI_SQUARE_19_DF_P9999 = 45.0;

describe('drawDistinct', () => {
  const pool = Array.from({ length: 20 }, (_, i) => i + 1);

  it('never draws anyone twice in one draw and draws only from the pool', () => {
    for (let run = 0; run < 2000; run += 1) {
      const drawn = drawDistinct(pool, 10);
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      for (const id of drawn) expect(pool).toContain(id);
    }
  });

  it('gives every student the same chance (chi-square over 40,000 draws of 3)', () => {
    const counts = new Array<number>(pool.length).fill(0);
    for (let run = 0; run < 40_000; run += 1) {
      for (const id of drawDistinct(pool, 3)) counts[id - 1] = (counts[id - 1] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_19_DF_P9999);
  });

  it('is uniform in position too: the first drawn is any student equally often', () => {
    const counts = new Array<number>(pool.length).fill(0);
    for (let run = 0; run < 40_000; run += 1) {
      const [first] = drawDistinct(pool, 2);
      if (first !== undefined) counts[first - 1] = (counts[first - 1] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_19_DF_P9999);
  });

  it('a biased generator fails the same test, so the test can tell', () => {
    const counts = new Array<number>(pool.length).fill(0);
    // Modulo bias: 6 random bits reduced mod 20 favour the first 4 students by a third.
    const biased = (max: number) => Math.floor(Math.random() * 64) % max;
    for (let run = 0; run < 40_000; run += 1) {
      for (const id of drawDistinct(pool, 1, biased)) counts[id - 1] = (counts[id - 1] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeGreaterThan(CHI_SQUARE_19_DF_P9999);
  });

  it('returns the whole pool when more are asked than there are', () => {
    expect(drawDistinct([1, 2, 3], 10).sort()).toEqual([1, 2, 3]);
  });
});

describe('drawAvoiding', () => {
  it('passes over recent ones while enough others are left', () => {
    const recent = new Set([1, 2, 3]);
    for (let run = 0; run < 500; run += 1) {
      const drawn = drawAvoiding([1, 2, 3, 4, 5, 6], (id) => recent.has(id), 3);
      expect(drawn.sort()).toEqual([4, 5, 6]);
    }
  });

  it('takes every other one first, then tops up from the recent ones without repeats', () => {
    const recent = new Set([1, 2, 3, 4]);
    for (let run = 0; run < 500; run += 1) {
      const drawn = drawAvoiding([1, 2, 3, 4, 5], (id) => recent.has(id), 3);
      expect(drawn).toContain(5);
      expect(new Set(drawn).size).toBe(3);
    }
  });
});
