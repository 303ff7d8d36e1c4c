/**
 * The gradebook's arithmetic, shared by the server (totals, exports) and the web (an item's share).
 */

export type WeightedEntry = { weight: number; max_score: number; score: number | null };

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Sum of the weights of items that can count (a positive maximum). */
function weightSum(entries: readonly WeightedEntry[]): number {
  return entries.reduce((sum, e) => sum + (e.max_score > 0 ? e.weight : 0), 0);
}

/**
 * The weighted total as a percentage: each item's score over its maximum, weighted, over the sum of the
 * weights. An item without a score counts as zero (not handed in, or not marked yet); null when no item
 * carries weight.
 */
export function weightedTotal(entries: readonly WeightedEntry[]): number | null {
  const weights = weightSum(entries);
  if (weights <= 0) return null;
  const earned = entries.reduce(
    (sum, e) => sum + (e.max_score > 0 && e.score !== null ? (e.weight * e.score) / e.max_score : 0),
    0,
  );
  return round2((earned / weights) * 100);
}

/** An item's share of the total, in percent (for the header), or 0 when nothing carries weight. */
export function weightShare(weight: number, all: readonly { weight: number }[]): number {
  const sum = all.reduce((total, item) => total + item.weight, 0);
  return sum > 0 ? round2((weight / sum) * 100) : 0;
}
