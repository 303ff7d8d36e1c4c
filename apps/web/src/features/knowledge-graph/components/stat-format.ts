/** A rate of 0–1 as a whole percentage; a dash when there is none yet (nobody answered, nothing linked). */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
