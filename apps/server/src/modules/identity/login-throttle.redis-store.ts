import { Redis } from 'ioredis';
import type { LoginThrottleStore } from './login-throttle.store.ts';

// The same rules as the database store (login-throttle.repository.ts), one Lua script per step so each
// runs atomically in Redis. A counter is a hash: f failures, c credits, p pending, t last attempt, b
// blocked until.

const CLAIM_ACCOUNT = `
local h = redis.call('HMGET', KEYS[1], 'f', 't', 'b')
local f = tonumber(h[1]) or 0
local t = tonumber(h[2]) or 0
local b = tonumber(h[3]) or 0
local now = tonumber(ARGV[1])
if b > now then return {0, b} end
if t < tonumber(ARGV[2]) or f >= tonumber(ARGV[3]) then f = 0 end
f = f + 1
local steps = #ARGV - 4
local delay = tonumber(ARGV[4 + math.min(f, steps)])
if delay > 0 then b = now + delay else b = 0 end
redis.call('HSET', KEYS[1], 'f', f, 't', now, 'b', b)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, f}
`;

const CLAIM_ADDRESS = `
local h = redis.call('HMGET', KEYS[1], 'f', 'c', 'p', 't')
local f = tonumber(h[1]) or 0
local c = tonumber(h[2]) or 0
local p = tonumber(h[3]) or 0
local t = tonumber(h[4]) or 0
local now = tonumber(ARGV[1])
if t < tonumber(ARGV[2]) then
  f = 0
  c = 0
  p = 0
elseif f >= tonumber(ARGV[3]) + c then
  return {0, 0, t + tonumber(ARGV[4])}
elseif f + p >= tonumber(ARGV[3]) + c or p >= tonumber(ARGV[5]) then
  return {0, 1, now + 1000}
end
redis.call('HSET', KEYS[1], 'f', f, 'c', c, 'p', p + 1, 't', now)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1}
`;

const ADDRESS_FAILED = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'f', 1)
if (tonumber(redis.call('HGET', KEYS[1], 'p')) or 0) > 0 then redis.call('HINCRBY', KEYS[1], 'p', -1) end
return 1
`;

const RELEASE = `
if (tonumber(redis.call('HGET', KEYS[1], 'f')) or 0) > 0 then redis.call('HINCRBY', KEYS[1], 'f', -1) end
`;

const CREDIT_ADDRESS = `
local fresh = redis.call('SET', KEYS[2], '1', 'PX', ARGV[1], 'NX')
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if (tonumber(redis.call('HGET', KEYS[1], 'p')) or 0) > 0 then redis.call('HINCRBY', KEYS[1], 'p', -1) end
if fresh then redis.call('HINCRBY', KEYS[1], 'c', 1) end
return 1
`;

/** The counters in Redis (REDIS_URL): for several processes without a database round trip per login. */
export function loginThrottleRedisStore(url: string, keyPrefix: string): LoginThrottleStore {
  const prefix = `${keyPrefix}login:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const ready = redis.connect();
  const run = async (script: string, keys: string[], args: (string | number)[]) => {
    await ready;
    return (await redis.eval(script, keys.length, ...keys.map((k) => prefix + k), ...args)) as
      number[] | number | null;
  };

  return {
    async claimAccount(key, now, rule) {
      // The hash must outlive both the window and the longest block it may carry.
      const ttl = Math.ceil(Math.max(rule.windowMs, ...rule.schedule));
      const [admitted, value] = (await run(
        CLAIM_ACCOUNT,
        [key],
        [now, now - rule.windowMs, rule.lockFailures, ttl, ...rule.schedule.map((ms) => Math.round(ms))],
      )) as number[];
      return admitted === 1
        ? { admitted: true, failures: Number(value) }
        : { admitted: false, retryAt: Number(value) };
    },

    async claimAddress(key, now, rule) {
      const [admitted, busy, retryAt] = (await run(
        CLAIM_ADDRESS,
        [key],
        [now, now - rule.windowMs, rule.floor, Math.ceil(rule.windowMs), rule.inFlight],
      )) as number[];
      return admitted === 1
        ? { admitted: true }
        : { admitted: false, busy: busy === 1, retryAt: Number(retryAt) };
    },

    async addressFailed(key) {
      await run(ADDRESS_FAILED, [key], []);
    },

    async clearAccount(key) {
      await ready;
      await redis.del(prefix + key);
    },

    async releaseAccount(key) {
      await run(RELEASE, [key], []);
    },

    async creditAddress(key, account, _now, windowMs) {
      await run(CREDIT_ADDRESS, [key, `credit:${key}:${account}`], [Math.ceil(windowMs)]);
    },

    async sweep() {
      // Every key carries its own expiry.
    },

    async close() {
      await ready.catch(() => undefined);
      await redis.quit().catch(() => undefined);
    },
  };
}
