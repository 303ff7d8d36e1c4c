import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, type Message } from '../../platform/errors.ts';
import { loginThrottleRedisStore } from './login-throttle.redis-store.ts';
import { loginThrottleRepository } from './login-throttle.repository.ts';
import type { AccountRule, AddressRule, LoginThrottleStore } from './login-throttle.store.ts';

/** The first delay once an account's free failures are spent; it doubles with each further failure. */
const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;
/** Stale database counters are swept at most this often, by whichever login comes along. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** A refusal that tells the client when to come back (the route turns it into Retry-After). */
export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(code: 'account_locked' | 'login_throttled', detail: Message, retryAfterSeconds: number) {
    super(code, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How long the n-th counted failure of an account blocks the next attempt (decision 0009). */
export function accountSchedule(policy: Config['loginThrottle']): number[] {
  return Array.from({ length: policy.lockFailures }, (_, i) => {
    const n = i + 1;
    if (n >= policy.lockFailures) return policy.lockMs;
    if (n <= policy.freeFailures) return 0;
    return Math.min(FIRST_DELAY_MS * 2 ** (n - policy.freeFailures - 1), MAX_DELAY_MS);
  });
}

export const accountKey = (userId: number) => `account:${userId}`;
/** A login name no account has: counted like an account, so a lock never tells whether one exists. */
export const unknownLoginKey = (login: string) => `login:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** The counted attempt a login holds while its password is checked. */
export type LoginTicket = { accountKeys: string[]; address: string; failures: number };

function accountRefusal(retryAt: number, now: number): LoginThrottledError {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new LoginThrottledError(
    'account_locked',
    seconds < 60
      ? { key: 'identity.accountWaitSeconds', params: { seconds } }
      : { key: 'identity.accountLockedMinutes', params: { minutes: Math.ceil(seconds / 60) } },
    seconds,
  );
}

/**
 * Throttles what an attacker does, not what a class does: failures are counted per account (a short
 * wait after a few, then a lock) and per address across accounts (credential stuffing); an address's
 * successful sign-ins of distinct accounts buy it room for as many failures, so a class's typos never
 * shut its lecture hall out. Account attempts are counted before their hash is checked and forgotten on
 * success, so a burst of parallel guesses at one account gets no more tries than a patient one.
 */
export function loginThrottleService(ctx: AppContext, clock: () => number = Date.now) {
  const policy = ctx.config.loginThrottle;
  const store: LoginThrottleStore = ctx.config.redisUrl
    ? loginThrottleRedisStore(ctx.config.redisUrl, ctx.config.redisKeyPrefix)
    : loginThrottleRepository(ctx.db);
  const accountRule: AccountRule = {
    windowMs: policy.windowMs,
    lockFailures: policy.lockFailures,
    schedule: accountSchedule(policy),
  };
  const addressRule: AddressRule = {
    windowMs: policy.windowMs,
    floor: policy.addressFailures,
    inFlight: policy.addressInFlight,
  };
  let lastSweep = 0;

  function sweepNowAndThen(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    store
      .sweep(now, Math.max(policy.windowMs, policy.lockMs))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'sweeping login counters failed'));
  }

  return {
    /** Counts the attempt, or throws the 429 that says when to try again; nothing is hashed then. */
    async admit(accountKeys: readonly string[], ip: string): Promise<LoginTicket> {
      const now = clock();
      sweepNowAndThen(now);
      const address = addressKey(ip);
      const fromAddress = await store.claimAddress(address, now, addressRule);
      if (!fromAddress.admitted) {
        const seconds = Math.max(1, Math.ceil((fromAddress.retryAt - now) / 1000));
        throw new LoginThrottledError(
          'login_throttled',
          fromAddress.busy
            ? 'identity.addressBusy'
            : { key: 'identity.addressThrottledMinutes', params: { minutes: Math.ceil(seconds / 60) } },
          seconds,
        );
      }
      const claimed: string[] = [];
      let failures = 0;
      for (const key of accountKeys) {
        const claim = await store.claimAccount(key, now, accountRule);
        if (!claim.admitted) {
          // Still a failure of its address: hammering a locked account is what an attacker does.
          await Promise.all([store.addressFailed(address), ...claimed.map((k) => store.releaseAccount(k))]);
          throw accountRefusal(claim.retryAt, now);
        }
        claimed.push(key);
        failures = Math.max(failures, claim.failures);
      }
      return { accountKeys: claimed, address, failures };
    },

    /**
     * The password was wrong (or could not be checked): the account keeps the attempt counted, the
     * address counts a failure, and the answer says so, or that the attempt locked the account.
     */
    async failed(ticket: LoginTicket): Promise<AppError> {
      await store.addressFailed(ticket.address);
      if (ticket.failures >= policy.lockFailures) return accountRefusal(clock() + policy.lockMs, clock());
      return new AppError('invalid_credentials');
    },

    /** The password was right: the account starts afresh and the address earns a credit. */
    async succeeded(ticket: LoginTicket, matchedKey: string): Promise<void> {
      await Promise.all([
        ...ticket.accountKeys.map((key) =>
          key === matchedKey ? store.clearAccount(key) : store.releaseAccount(key),
        ),
        store.creditAddress(ticket.address, matchedKey, clock(), policy.windowMs),
      ]);
    },

    close: () => store.close(),
  };
}

export type LoginThrottleService = ReturnType<typeof loginThrottleService>;
