/**
 * Classical test theory statistics of an exam (Moodle's quiz statistics report): pure functions on
 * students' scores, so the server computes them from final submissions and the tests check them against
 * hand-computed values. Item scores are fractions of the question's points (0..1); totals are the students'
 * exam totals. Every function answers null where the statistic is undefined (too few students, no spread).
 */

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Population variance (divides by n): the form the point-biserial and alpha formulas below use. */
export function variance(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const m = mean(values);
  return values.reduce((sum, value) => sum + (value - m) ** 2, 0) / values.length;
}

/** Facility index: the mean item score as a fraction of the question's points (0 = nobody, 1 = everyone). */
export function facilityIndex(itemScores: readonly number[]): number | null {
  return itemScores.length === 0 ? null : mean(itemScores);
}

/** The upper and lower group share of Kelley's extreme groups. */
export const EXTREME_GROUP_SHARE = 0.27;

/**
 * Indexes of the students in the upper and lower 27% by total (at least one each, and never overlapping).
 * Ties at the border go by the order given, so the caller's order makes the groups stable.
 */
export function extremeGroups(totals: readonly number[]): { upper: number[]; lower: number[] } {
  const size = Math.min(
    Math.floor(totals.length / 2),
    Math.max(1, Math.round(totals.length * EXTREME_GROUP_SHARE)),
  );
  if (size === 0) return { upper: [], lower: [] };
  const order = totals.map((total, index) => ({ total, index }));
  order.sort((a, b) => b.total - a.total || a.index - b.index);
  return {
    upper: order.slice(0, size).map((entry) => entry.index),
    lower: order.slice(-size).map((entry) => entry.index),
  };
}

/**
 * Discrimination index: mean item score of the upper 27% minus that of the lower 27% (ranked by total),
 * from -1 to 1. For a right/wrong question it is the difference of the two groups' proportions correct.
 */
export function discriminationIndex(itemScores: readonly number[], totals: readonly number[]): number | null {
  const { upper, lower } = extremeGroups(totals);
  if (upper.length === 0) return null;
  return mean(upper.map((i) => itemScores[i] ?? 0)) - mean(lower.map((i) => itemScores[i] ?? 0));
}

/**
 * Pearson correlation of two paired series; null when either has no spread. With a right/wrong item it is
 * the point-biserial correlation r_pb = (M1 - M0) / s * sqrt(p q).
 */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length || xs.length < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] ?? mx) - mx;
    const dy = (ys[i] ?? my) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Point-biserial correlation of an item with the exam total (uncorrected, as the textbook formula). */
export function pointBiserial(itemScores: readonly number[], totals: readonly number[]): number | null {
  return correlation(itemScores, totals);
}

/**
 * Cronbach's alpha of a students × items score matrix: k/(k-1) · (1 - Σ var(item) / var(total)). Null with
 * fewer than two items or two students, or when the totals do not vary.
 */
export function cronbachAlpha(matrix: readonly (readonly number[])[]): number | null {
  const students = matrix.length;
  const items = matrix[0]?.length ?? 0;
  if (students < 2 || items < 2) return null;
  const totals = matrix.map((row) => row.reduce((sum, value) => sum + value, 0));
  const totalVariance = variance(totals);
  if (totalVariance === 0) return null;
  let itemVariances = 0;
  for (let j = 0; j < items; j++) itemVariances += variance(matrix.map((row) => row[j] ?? 0));
  return (items / (items - 1)) * (1 - itemVariances / totalVariance);
}

/** Rounds a statistic for the wire: four decimals are more than any reader of these figures needs. */
export function roundStatistic(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10000) / 10000;
}
