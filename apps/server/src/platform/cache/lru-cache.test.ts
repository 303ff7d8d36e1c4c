import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('drops the least recently used entry past the entry bound', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2, maxWeight: 100 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('drops the oldest entries until the total weight fits, and never keeps one heavier than the bound', () => {
    const cache = new LruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'x', 4);
    cache.set('b', 'y', 4);
    cache.set('c', 'z', 4);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(8);
    cache.set('huge', 'w', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.weight).toBe(8);
  });

  it('replacing a key counts only its new weight', () => {
    const cache = new LruCache<string, number>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 1, 6);
    cache.set('a', 2, 3);
    expect(cache.weight).toBe(3);
    expect(cache.get('a')).toBe(2);
    cache.delete('a');
    expect(cache.weight).toBe(0);
    expect(cache.size).toBe(0);
  });
});
