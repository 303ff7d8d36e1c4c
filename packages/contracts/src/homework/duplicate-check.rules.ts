/**
 * Duplicate check rules both sides use (addendum sections 5 and 9, decision 0010).
 */

/** Only these files are checked; any other type is reported as not checkable. */
export const DUPLICATE_CHECKABLE_EXTENSIONS = ['docx', 'pdf', 'txt'] as const;

/** The check view lists pairs at or above this rate unless told otherwise. */
export const DUPLICATE_VIEW_THRESHOLD_DEFAULT = 20;

export function isDuplicateCheckable(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return (DUPLICATE_CHECKABLE_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Duplicate rate = min(first / second × 100, 100) to two decimals, where first is the number of the
 * submission's fingerprints found in the other and second is the submission's own fingerprint count.
 * Null (shown as '--') when there is nothing to compare.
 */
export function duplicateRate(first: number, second: number): number | null {
  if (!(second > 0) || !Number.isFinite(first)) return null;
  return Math.round(Math.min((first / second) * 100, 100) * 100) / 100;
}

/** A rate as shown: two decimals, or '--' when missing. */
export function formatDuplicateRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? '--' : rate.toFixed(2);
}
