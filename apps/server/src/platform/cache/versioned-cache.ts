import type { Database } from '../database.ts';
import { LruCache, type LruCacheOptions } from './lru-cache.ts';

/** What a build returns: the value, what it weighs against the bounds, and until when it holds. */
export type Built<V> = {
  value: V;
  /** In the cache's weight unit (characters of cached JSON, say). */
  weight: number;
  /** Epoch ms after which the value is rebuilt even at the same version (derived from the clock); Infinity: never. */
  expiresAt: number;
};

type Entry<V> = { version: string; expiresAt: number; value: V };

/**
 * Values read from the database and kept in this process, each stamped with the version the database
 * held when it was read (for course content: `course_content_versions`, moved forward by triggers in the
 * writer's transaction). A reader asks the database for the current version (one small query, usually
 * folded into one it makes anyway) and gets the kept value only when the versions match, so a write
 * through any process is seen on the next read through every other, with no message between them.
 */
export class VersionedCache<V> {
  private readonly entries: LruCache<string, Entry<V>>;
  /** Builds under way, so a burst of readers of one stale key reads the database once. */
  private readonly building = new Map<string, { version: string; promise: Promise<V> }>();

  constructor(bounds: LruCacheOptions) {
    this.entries = new LruCache(bounds);
  }

  /** The value kept under `key`, whatever its version: for deciding what to ask the database for. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The value of `key` at `version`, built (and kept) when missing, of another version, or expired. */
  async get(key: string, version: string, now: number, build: () => Promise<Built<V>>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version && now < kept.expiresAt) return kept.value;
    const pending = this.building.get(key);
    if (pending && pending.version === version) return pending.promise;
    const promise = build().then((built) => {
      this.entries.set(key, { version, expiresAt: built.expiresAt, value: built.value }, built.weight);
      return built.value;
    });
    const mine = { version, promise };
    this.building.set(key, mine);
    const done = () => {
      if (this.building.get(key) === mine) this.building.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One cache per database handle (so per app: tests build several apps in one process, each on its own
 * database), shared by every service built on that handle.
 */
export function versionedCachePerDatabase<V>(bounds: LruCacheOptions): (db: Database) => VersionedCache<V> {
  const caches = new WeakMap<Database, VersionedCache<V>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new VersionedCache<V>(bounds)));
    return cache;
  };
}
