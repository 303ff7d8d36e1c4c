import { sql, type SQL } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/identity.ts';
import type { Database } from '../../platform/database.ts';
import type { Claim, LoginThrottleStore } from './login-throttle.store.ts';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The counters in the `login_throttle` table. Each claim is one INSERT ... ON CONFLICT DO UPDATE whose
 * WHERE holds the admission rule: PostgreSQL locks the row for it, so two processes can never both take
 * the last free attempt. A refused claim changes nothing (the follow-up read only words the refusal).
 */
export function loginThrottleRepository(db: Database): LoginThrottleStore {
  async function blockedUntil(key: string): Promise<Claim> {
    const result = await db.execute(sql`
      select (extract(epoch from blocked_until) * 1000)::float8 as ms from ${loginThrottle} where key = ${key}`);
    return { admitted: false, retryAt: Number(rowsOf<{ ms: number | null }>(result)[0]?.ms ?? 0) };
  }

  return {
    async claimAccount(key, now, rule) {
      const expired = at(now - rule.windowMs);
      const schedule = `{${rule.schedule.map((ms) => Math.round(ms)).join(',')}}`;
      // The attempt's number in the window: a fresh count once the window passed or a lock was served.
      const failures = sql`(case when t.last_attempt_at < ${expired} or t.failures >= ${rule.lockFailures}
                                 then 1 else t.failures + 1 end)`;
      const blockFor = (n: SQL) => sql`(${schedule}::int[])[least(${n}, ${rule.schedule.length})]`;
      const result = await db.execute(sql`
        insert into ${loginThrottle} as t (key, failures, last_attempt_at, blocked_until)
        values (${key}, 1, ${at(now)},
                nullif(${at(now)} + ${blockFor(sql`1`)} * interval '1 millisecond', ${at(now)}))
        on conflict (key) do update set
          failures = ${failures},
          last_attempt_at = ${at(now)},
          blocked_until = nullif(${at(now)} + ${blockFor(failures)} * interval '1 millisecond', ${at(now)})
        where t.blocked_until is null or t.blocked_until <= ${at(now)}
        returning failures`);
      const row = rowsOf<{ failures: number }>(result)[0];
      return row ? { admitted: true, failures: Number(row.failures) } : blockedUntil(key);
    },

    async claimAddress(key, now, rule) {
      const expired = sql`t.last_attempt_at < ${at(now - rule.windowMs)}`;
      const result = await db.execute(sql`
        insert into ${loginThrottle} as t (key, failures, credits, pending, last_attempt_at)
        values (${key}, 0, 0, 1, ${at(now)})
        on conflict (key) do update set
          failures = case when ${expired} then 0 else t.failures end,
          credits = case when ${expired} then 0 else t.credits end,
          pending = case when ${expired} then 1 else t.pending + 1 end,
          last_attempt_at = ${at(now)}
        where ${expired}
           or (t.failures + t.pending < ${rule.floor} + t.credits and t.pending < ${rule.inFlight})
        returning 1 as ok`);
      if (rowsOf(result).length > 0) return { admitted: true };
      const refused = await db.execute(sql`
        select failures, credits, (extract(epoch from last_attempt_at) * 1000)::float8 as ms
        from ${loginThrottle} where key = ${key}`);
      const row = rowsOf<{ failures: number; credits: number; ms: number }>(refused)[0];
      const overFailures = !!row && Number(row.failures) >= rule.floor + Number(row.credits);
      return overFailures
        ? { admitted: false, busy: false, retryAt: Number(row.ms) + rule.windowMs }
        : { admitted: false, busy: true, retryAt: now + 1_000 };
    },

    async addressFailed(key) {
      await db.execute(sql`
        update ${loginThrottle} set failures = failures + 1, pending = greatest(pending - 1, 0)
        where key = ${key}`);
    },

    async clearAccount(key) {
      await db.execute(sql`delete from ${loginThrottle} where key = ${key}`);
    },

    async releaseAccount(key) {
      await db.execute(
        sql`update ${loginThrottle} set failures = greatest(failures - 1, 0) where key = ${key}`,
      );
    },

    async creditAddress(key, account, now, windowMs) {
      // The credit row exists once per address and account and window; only its first insert earns.
      await db.execute(sql`
        with credit as (
          insert into ${loginThrottle} as t (key, last_attempt_at)
          values (${`credit:${key}:${account}`}, ${at(now)})
          on conflict (key) do update set last_attempt_at = ${at(now)}
          where t.last_attempt_at < ${at(now - windowMs)}
          returning 1
        )
        update ${loginThrottle}
        set pending = greatest(pending - 1, 0), credits = credits + (select count(*) from credit)::int
        where key = ${key}`);
    },

    async sweep(now, maxAgeMs) {
      await db.execute(sql`
        delete from ${loginThrottle}
        where last_attempt_at < ${at(now - maxAgeMs)} and (blocked_until is null or blocked_until < ${at(now)})`);
    },

    async close() {},
  };
}
