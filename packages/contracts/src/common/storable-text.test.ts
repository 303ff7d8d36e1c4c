import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text.ts';

describe('storable text', () => {
  it('accepts ordinary text, CJK and emoji (a proper surrogate pair)', () => {
    expect(isStorableText('作业 homework 😀')).toBe(true);
  });

  it('refuses NUL and lone surrogates', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('😀'.slice(0, 1))).toBe(false);
  });

  it('finds the path of the first bad string, in values and keys', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'ok' }, { d: 'bad\u0000' }] })).toEqual(['b', 1, 'd']);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorableText({ a: 1, b: null, c: true })).toBeNull();
    expect(findUnstorableText('\u0000')).toEqual([]);
  });

  // No clock here (it failed under load): a walk that copied the path at each level would do 5·10⁹ copies
  // at this depth and run into the test's timeout instead.
  it('walks bodies nested 100,000 levels deep without overflowing the stack', () => {
    const depth = 100_000;
    const nested = JSON.parse(`${'{"a":['.repeat(depth)}"bad\\u0000"${']}'.repeat(depth)}`) as unknown;
    const path = findUnstorableText(nested);
    expect(path).toHaveLength(2 * depth);
    expect(path?.slice(0, 2)).toEqual(['a', 0]);
  });
});
