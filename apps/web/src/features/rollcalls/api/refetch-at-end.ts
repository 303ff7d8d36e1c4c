/**
 * How long until the first of these roll calls runs out of time, for a query's refetchInterval: a roll
 * call ends by itself when its duration is over, and no push event says so. False when none is running.
 */
export function untilFirstEnd(rollcalls: readonly { ends_at: string | null; status?: string }[] | undefined) {
  const now = Date.now();
  const ends = (rollcalls ?? [])
    .filter((r) => r.ends_at !== null && (r.status === undefined || r.status === 'in_progress'))
    .map((r) => new Date(r.ends_at ?? 0).getTime() - now)
    .filter((ms) => ms > -60_000);
  if (ends.length === 0) return false;
  // A second after the end, so the server already counts it as over.
  return Math.max(1000, Math.min(...ends) + 1000);
}
