/**
 * Watched parts of a video as [start, end] seconds. Players report overlapping and repeated ranges; the
 * union is what counts, so re-watching a minute never adds to completeness.
 */
export type WatchedRange = [number, number];

/** The union of the ranges, sorted and disjoint; touching ranges ([0, 90] and [90, 177]) join. */
export function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: WatchedRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Percent (0–100, two decimals) of a video of `duration` seconds covered by the ranges. A video of no
 * known length has nothing to cover, so it is 0 rather than a division by zero.
 */
export function watchedCompleteness(ranges: readonly WatchedRange[], duration: number): number {
  if (!(duration > 0)) return 0;
  const covered = mergeRanges(ranges).reduce(
    (sum, [start, end]) => sum + Math.max(0, Math.min(end, duration) - Math.max(start, 0)),
    0,
  );
  return Math.min(100, Math.round((covered / duration) * 10_000) / 100);
}

/** The original system's summary of a read: `full` once the completion criterion is met. */
export const READ_COMPLETENESS_VALUES = ['full', 'part', 'none'] as const;
export type ReadCompleteness = (typeof READ_COMPLETENESS_VALUES)[number];

/** A video is done when the watched share reaches the criterion's percentage (all of it without one). */
export function videoReadCompleteness(
  completeness: number,
  requiredPercent: number | null,
): ReadCompleteness {
  if (completeness <= 0) return 'none';
  return completeness >= (requiredPercent ?? 100) ? 'full' : 'part';
}
