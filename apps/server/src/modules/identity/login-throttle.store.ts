/** An attempt let through (and counted), or refused until `retryAt`. */
export type Claim = { admitted: true; failures: number } | { admitted: false; retryAt: number };

/** An address refused for its failures (until the window passes) or for too many attempts at once. */
export type AddressClaim = { admitted: true } | { admitted: false; busy: boolean; retryAt: number };

export type AccountRule = {
  /** A counter with no attempt for this long is forgotten. */
  windowMs: number;
  /** After this many counted failures the count starts again once the lock is served. */
  lockFailures: number;
  /** How long the n-th counted attempt blocks the next one (index n - 1; the last entry repeats). */
  schedule: readonly number[];
};

export type AddressRule = {
  windowMs: number;
  /**
   * Failures an address may have, plus one per credit; its attempts in flight count against this too,
   * so a parallel burst cannot overshoot it.
   */
  floor: number;
  /** Attempts from the address whose passwords may be checked at once. */
  inFlight: number;
};

/**
 * Where login counters live so that every process sees the same ones: the database (the default) or
 * Redis. Every call is one atomic step, so concurrent attempts from several processes agree. Times are
 * epoch milliseconds of the calling process.
 */
export type LoginThrottleStore = {
  /** Counts an attempt on an account unless it is blocked; the attempt then blocks per the schedule. */
  claimAccount(key: string, now: number, rule: AccountRule): Promise<Claim>;
  /**
   * Lets an attempt from an address be checked unless its failures and attempts in flight reach the
   * floor plus its credits, or too many of its attempts are in flight; it stays pending until settled.
   * A refusal is `busy` when only attempts in flight stand in the way.
   */
  claimAddress(key: string, now: number, rule: AddressRule): Promise<AddressClaim>;
  /** A pending attempt from the address failed (or was refused for its account). */
  addressFailed(key: string): Promise<void>;
  /** A successful sign-in: the account's failures are forgotten. */
  clearAccount(key: string): Promise<void>;
  /** Takes back an account claim that turned out not to be a guess at that account. */
  releaseAccount(key: string): Promise<void>;
  /**
   * A pending attempt from the address signed in: the first time in the window that this account signs
   * in from there, the address earns one credit.
   */
  creditAddress(key: string, account: string, now: number, windowMs: number): Promise<void>;
  /** Drops counters nobody has touched for `maxAgeMs` (Redis expires them by itself). */
  sweep(now: number, maxAgeMs: number): Promise<void>;
  close(): Promise<void>;
};
