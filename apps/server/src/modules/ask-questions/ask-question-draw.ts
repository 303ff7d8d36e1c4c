import { randomInt } from 'node:crypto';

/** `randomInt(max)`: an integer in [0, max), uniform. node:crypto's is unbiased (it rejects, not modulos). */
export type RandomInt = (max: number) => number;

const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * `count` distinct items of `pool`, each subset equally likely: a partial Fisher–Yates shuffle on a copy,
 * so nobody is drawn twice in one draw. Asking for more than the pool holds returns the whole pool.
 */
export function drawDistinct<T>(pool: readonly T[], count: number, random: RandomInt = cryptoRandomInt): T[] {
  const items = [...pool];
  const n = Math.min(count, items.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + random(items.length - i);
    const picked = items[j] as T;
    items[j] = items[i] as T;
    items[i] = picked;
  }
  return items.slice(0, n);
}

/**
 * A draw that passes over `recent` ones while others are left: uniform among the others when they are
 * enough; otherwise all of them, topped up by a uniform draw among the recent ones.
 */
export function drawAvoiding<T>(
  pool: readonly T[],
  isRecent: (item: T) => boolean,
  count: number,
  random: RandomInt = cryptoRandomInt,
): T[] {
  const fresh = pool.filter((item) => !isRecent(item));
  if (fresh.length >= count) return drawDistinct(fresh, count, random);
  const stale = pool.filter(isRecent);
  return [...drawDistinct(fresh, fresh.length, random), ...drawDistinct(stale, count - fresh.length, random)];
}
