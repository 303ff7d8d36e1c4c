import { describe, expect, it } from 'vitest';
import { duplicateRate, formatDuplicateRate } from '@lectern/contracts/homework/duplicate-check.rules';
import {
  allPairs,
  commonHashes,
  discountedPairs,
  sharedCount,
  sharedPassages,
  withoutHashes,
} from './duplicate-compare.ts';
import { distinctSorted, fingerprint, normalise } from './duplicate-fingerprint.ts';

const words = (seed: number, count: number) => {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(`w${(x >>> 8) % 5000}`);
  }
  return out.join(' ');
};

const rateOf = (a: string, b: string) => {
  const fa = distinctSorted(fingerprint(a).hashes);
  const fb = distinctSorted(fingerprint(b).hashes);
  return duplicateRate(sharedCount(fa, fb), fa.length);
};

describe('winnowing fingerprints', () => {
  it('ignores case, spacing and punctuation', () => {
    const a = 'The quick brown fox jumps over the lazy dog, again and again.';
    const b = 'the QUICK  brown-fox jumps\nover the lazy dog again AND again!';
    expect(Array.from(fingerprint(a).hashes)).toEqual(Array.from(fingerprint(b).hashes));
    expect(rateOf(a, b)).toBe(100);
  });

  it('fingerprints Chinese text, which has no spaces, by characters', () => {
    const a = '学习不仅是掌握知识，更是培养独立思考的能力。教育的目标在于激发学生的好奇心和创造力。';
    const b = '教育的目标在于激发学生的好奇心和创造力。学习不仅是掌握知识，更是培养独立思考的能力。';
    const other = '今天天气很好，我们一起去公园散步，看到了许多美丽的花朵和绿树，心情非常愉快。';
    expect(normalise(a).codes.length).toBeGreaterThan(30);
    // Reordered sentences: only the windows across the seam differ.
    expect(rateOf(a, b)!).toBeGreaterThan(25);
    expect(rateOf(a, a.replace(/，/g, ' '))).toBe(100);
    expect(rateOf(a, other)).toBe(0);
  });

  it('maps each fingerprint back to the stretch of original text it covers', () => {
    const text = 'Hello, World! This is a small test of offsets.';
    const { starts, ends } = fingerprint(text);
    expect(starts.length).toBeGreaterThan(0);
    for (let i = 0; i < starts.length; i += 1) {
      const stretch = text.slice(starts[i], ends[i]).replace(/[^\p{L}\p{N}]/gu, '');
      expect(stretch.length).toBe(13);
    }
  });

  it('finds a copied paragraph inside otherwise different texts, and nothing between unrelated ones', () => {
    const copied = words(7, 200);
    const a = `${words(1, 400)} ${copied} ${words(2, 400)}`;
    const b = `${words(3, 100)} ${copied}`;
    const rateA = rateOf(a, b)!;
    const rateB = rateOf(b, a)!;
    // A fifth of a's text is the copy; two thirds of b's.
    expect(rateA).toBeGreaterThan(12);
    expect(rateA).toBeLessThan(30);
    expect(rateB).toBeGreaterThan(55);
    expect(rateOf(words(4, 800), words(5, 800))).toBeLessThan(2);
  });

  it('a text shorter than one k-gram has no fingerprints and no rate', () => {
    expect(fingerprint('too short').hashes).toHaveLength(0);
    expect(rateOf('too short', words(1, 100))).toBeNull();
    expect(formatDuplicateRate(null)).toBe('--');
  });
});

describe('the rate formula', () => {
  it('is min(first / second × 100, 100) to two decimals', () => {
    expect(duplicateRate(1, 3)).toBe(33.33);
    expect(duplicateRate(2, 3)).toBe(66.67);
    expect(duplicateRate(5, 4)).toBe(100);
    expect(duplicateRate(0, 10)).toBe(0);
    expect(duplicateRate(3, 0)).toBeNull();
    expect(formatDuplicateRate(12.5)).toBe('12.50');
  });
});

describe('comparison', () => {
  it('all pairs through the inverted index agree with comparing each pair directly', () => {
    const texts = [words(1, 300), words(2, 300), `${words(1, 150)} ${words(3, 150)}`, words(4, 300)];
    const docs = texts.map((text) => distinctSorted(fingerprint(text).hashes));
    const pairs = allPairs(docs);
    for (let a = 0; a < docs.length; a += 1) {
      for (let b = a + 1; b < docs.length; b += 1) {
        const found = pairs.find((p) => p.a === a && p.b === b)?.shared ?? 0;
        expect(found).toBe(sharedCount(docs[a]!, docs[b]!));
      }
    }
    expect(pairs.find((p) => p.a === 0 && p.b === 2)!.shared).toBeGreaterThan(20);
  });

  it('shows the shared passage of each text side by side', () => {
    const copied = 'Photosynthesis converts light energy into chemical energy stored in glucose molecules.';
    const a = `My own introduction about plants and their growth. ${copied} A conclusion of mine.`;
    const b = `${copied} Something entirely different follows here in this essay.`;
    const { passages, aSpans, bSpans } = sharedPassages(fingerprint(a), fingerprint(b));
    expect(passages).toHaveLength(1);
    expect(aSpans).toHaveLength(1);
    expect(bSpans).toHaveLength(1);
    const inA = a.slice(passages[0]!.a.start, passages[0]!.a.end);
    const inB = b.slice(passages[0]!.b.start, passages[0]!.b.end);
    expect(copied).toContain(inA);
    expect(copied).toContain(inB);
    expect(inA.length).toBeGreaterThan(copied.length * 0.7);
  });
});

describe('common material', () => {
  const doc = (...hashes: number[]) => Int32Array.from(hashes).sort();

  it('counts a hash as common when at least half of the hand-ins, and at least three, hold it', () => {
    // 5 held by 3 of 4, 6 by 2 of 4: only 5 is common.
    expect(Array.from(commonHashes([doc(5, 6, 1), doc(5, 6, 2), doc(5, 3), doc(4)]))).toEqual([5]);
    // Two hand-ins can never make anything common: that is what a copied pair looks like.
    expect(Array.from(commonHashes([doc(1, 2), doc(1, 2)]))).toEqual([]);
    // 3 of 7 is under half.
    const seven = [doc(9), doc(9), doc(9), doc(1), doc(2), doc(3), doc(4)];
    expect(Array.from(commonHashes(seven))).toEqual([]);
  });

  it('leaves template and common hashes out of both the shared count and each side', () => {
    expect(Array.from(withoutHashes(doc(1, 2, 3, 4, 5), doc(2), doc(4, 5)))).toEqual([1, 3]);
    const template = doc(100, 101, 102);
    const pasted = (own: number[]) => doc(100, 101, 102, ...own);
    const result = discountedPairs([pasted([1, 2, 3]), pasted([4, 5, 6]), doc(1, 2, 3, 7)], template);
    expect(result.counts).toEqual([3, 3, 4]);
    // The two that pasted the template share nothing of their own; the copied answer still shows.
    expect(result.pairs).toEqual([{ a: 0, b: 2, shared: 3 }]);
  });
});
