export type LruCacheOptions = {
  /** Most entries kept. */
  maxEntries: number;
  /** Most total weight kept (for example characters of cached JSON); one entry heavier than this is not kept. */
  maxWeight: number;
};

/**
 * A bounded least-recently-used map: a hit moves the entry to the young end, and inserting past either
 * bound drops the oldest entries first. A Map keeps insertion order, which is all the bookkeeping needed.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(private readonly options: LruCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.options.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.totalWeight <= this.options.maxWeight) break;
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }
}
