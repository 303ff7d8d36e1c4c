import argon2 from 'argon2';
import { availableParallelism } from 'node:os';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong enough, and fast enough that login stays snappy on
// 2 cores (decision 0009 has the measurements).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's threadpool (4 threads unless UV_THREADPOOL_SIZE says otherwise), off the event
 * loop. Running more hashes at once than there are cores only slows each down, and a login storm would
 * then hold every pool thread, so file reads (the web app, uploads) would wait behind queued hashes.
 * At most one hash per core runs at a time, always leaving a pool thread free; the rest wait here.
 */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const HASHING_SLOTS = Math.max(1, Math.min(availableParallelism(), poolSize - 1));
let hashing = 0;
const waiting: (() => void)[] = [];

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export function hashPassword(plain: string): Promise<string> {
  return inHashingSlot(() => argon2.hash(plain, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * The hash an unknown account is checked against. Call it once at start, so not even the first unknown
 * login spends an extra hash.
 */
export function timingEqualiser(): Promise<string> {
  return (dummyHash ??= hashPassword('lectern-timing-equaliser'));
}

/**
 * Verifies a password. With no stored hash (unknown account) it still spends the same work on a dummy
 * hash, so response time does not reveal whether an account exists.
 */
export async function verifyPassword(hash: string | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    const dummy = await timingEqualiser();
    await inHashingSlot(() => argon2.verify(dummy, plain)).catch(() => false);
    return false;
  }
  try {
    return await inHashingSlot(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}
