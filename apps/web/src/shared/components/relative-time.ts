import type { Locale } from '@lectern/contracts/common/locale';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "in 3 hours", "2 days ago", "3 小时后" — the largest whole unit, in the UI language, by the browser's own
 * Intl (no date library needed). Under a minute counts as a minute, so a deadline never reads "in 0".
 */
export function formatRelativeTime(value: string, locale: Locale, now: number = Date.now()): string {
  const diff = new Date(value).getTime() - now;
  if (Number.isNaN(diff)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'minute') {
      const amount = Math.trunc(diff / size);
      return format.format(amount === 0 ? Math.sign(diff) || 1 : amount, unit);
    }
  }
  return '';
}
