import { describe, expect, it } from 'vitest';
import {
  cronbachAlpha,
  discriminationIndex,
  extremeGroups,
  facilityIndex,
  pointBiserial,
  variance,
} from './item-analysis.ts';

/*
 * A hand-worked dataset: four students, three right/wrong items (a Guttman pattern).
 *   A: 1 1 1 → 3    B: 1 1 0 → 2    C: 1 0 0 → 1    D: 0 0 0 → 0
 * Item variances p·q: .75·.25 = .1875, .5·.5 = .25, .25·.75 = .1875 (sum .625).
 * Totals 3,2,1,0: mean 1.5, population variance (2.25+.25+.25+2.25)/4 = 1.25.
 * alpha = 3/2 · (1 - .625/1.25) = 0.75.
 * Item 1 point-biserial: M1 = (3+2+1)/3 = 2, M0 = 0, s = √1.25, √(pq) = √.1875
 *   r = 2/√1.25 · √.1875 = √0.6 ≈ 0.7746. Item 2: M1 = 2.5, M0 = .5, √(pq) = .5 → r = 1/√1.25 = √0.8.
 */
const guttman = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
];
const totals = guttman.map((row) => row.reduce((a, b) => a + b, 0));
const item = (j: number) => guttman.map((row) => row[j]!);

describe('item analysis formulas', () => {
  it('computes the facility index as the mean fraction of the points', () => {
    expect(facilityIndex(item(0))).toBe(0.75);
    expect(facilityIndex([0.5, 1, 0])).toBe(0.5);
    expect(facilityIndex([])).toBeNull();
  });

  it('computes the population variance', () => {
    expect(variance(totals)).toBe(1.25);
  });

  it("computes Cronbach's alpha of the hand-worked right/wrong dataset", () => {
    expect(cronbachAlpha(guttman)).toBeCloseTo(0.75, 10);
  });

  it("computes Cronbach's alpha of polytomous scores", () => {
    /*
     * Items scored 0..3:  S1: 2 3 3 (8)  S2: 1 2 2 (5)  S3: 3 3 3 (9)  S4: 0 1 2 (3)
     * Item variances: 5/4 = 1.25, 2.75/4 = .6875, 1/4 = .25 → sum 2.1875.
     * Totals 8,5,9,3: mean 6.25, variance 22.75/4 = 5.6875. Ratio 2.1875/5.6875 = 5/13.
     * alpha = 3/2 · 8/13 = 12/13.
     */
    const matrix = [
      [2, 3, 3],
      [1, 2, 2],
      [3, 3, 3],
      [0, 1, 2],
    ];
    expect(cronbachAlpha(matrix)).toBeCloseTo(12 / 13, 10);
  });

  it('answers null for alpha when it is undefined', () => {
    expect(cronbachAlpha([[1], [0]])).toBeNull(); // one item
    expect(cronbachAlpha([[1, 0]])).toBeNull(); // one student
    expect(
      cronbachAlpha([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNull(); // every total is 1: no spread
  });

  it('computes the point-biserial correlation with the total', () => {
    expect(pointBiserial(item(0), totals)).toBeCloseTo(Math.sqrt(0.6), 10);
    expect(pointBiserial(item(1), totals)).toBeCloseTo(Math.sqrt(0.8), 10);
    // Everyone right: no spread in the item, no correlation.
    expect(pointBiserial([1, 1, 1, 1], totals)).toBeNull();
  });

  it('gives a negative point-biserial for an item the strong students miss', () => {
    expect(pointBiserial([0, 0, 1, 1], totals)).toBeLessThan(0);
  });

  it('takes the upper and lower 27% by total for the discrimination index', () => {
    // Ten students: round(2.7) = 3 in each group.
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(extremeGroups(ten)).toEqual({ upper: [0, 1, 2], lower: [7, 8, 9] });
    // Upper group 3/3 right, lower group 1/3 right: D = 1 - 1/3.
    const scores = [1, 1, 1, 0, 0, 0, 0, 1, 0, 0];
    expect(discriminationIndex(scores, ten)).toBeCloseTo(2 / 3, 10);
    // Four students: one in each group; A right, D wrong on item 1 → D = 1.
    expect(discriminationIndex(item(0), totals)).toBe(1);
    expect(discriminationIndex([1], [5])).toBeNull();
  });
});
