/**
 * When one attempt at an exam must be handed in: the earlier of the exam's end time and the time limit
 * counted from the paper's distribution. Null when neither applies.
 */
export function attemptDeadline(
  endTime: Date | null,
  distributedAt: Date,
  timeLimitMinutes: number | null | undefined,
): Date | null {
  const byLimit = timeLimitMinutes ? new Date(distributedAt.getTime() + timeLimitMinutes * 60_000) : null;
  if (!byLimit) return endTime;
  if (!endTime) return byLimit;
  return byLimit.getTime() < endTime.getTime() ? byLimit : endTime;
}

/**
 * How long after a time-limited attempt's deadline its hand-in is still accepted: the automatic hand-in
 * at zero needs a moment to cross the network.
 */
export const TIME_LIMIT_GRACE_MS = 30_000;

/** Without a time limit, the countdown shows once the exam closes within this long. */
export const COUNTDOWN_WINDOW_MS = 24 * 60 * 60_000;
