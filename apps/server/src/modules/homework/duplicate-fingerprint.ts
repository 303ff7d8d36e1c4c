/**
 * Winnowing fingerprints (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document
 * fingerprinting", the method of MOSS), decision 0010. Pure and synchronous: it runs in a worker thread.
 *
 * Text is normalised to its letters and digits, lower-cased: spacing, punctuation and line breaks do not
 * hide copying. k-grams are taken over characters, not words, because Chinese has no spaces between
 * words; K = 13 characters is about two or three English words or a short Chinese phrase. Of every
 * window of W = 17 consecutive k-gram hashes the smallest is kept, so any shared stretch of at least
 * W + K - 1 = 29 normalised characters is guaranteed to be found, and about 2 / (W + 1) of the k-grams
 * are stored.
 */
export const DUPLICATE_K = 13;
export const DUPLICATE_W = 17;

export type Fingerprints = {
  /** Selected hashes in text order (int32). */
  hashes: Int32Array;
  /** For each hash, the stretch of the original text its k-gram covers (UTF-16 offsets, end exclusive). */
  starts: Int32Array;
  ends: Int32Array;
};

const BASE = 0x01000193;

/** Murmur3's finaliser: spreads the rolling hash's bits so the window minimum is an unbiased sample. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The text's letters and digits, lower-cased, with where each came from in the original. */
export function normalise(text: string): { codes: Int32Array; offsets: Int32Array; widths: Uint8Array } {
  const codes = new Int32Array(text.length);
  const offsets = new Int32Array(text.length);
  const widths = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    let code = -1;
    if (cp < 128) {
      if (cp >= 97 && cp <= 122) code = cp;
      else if (cp >= 65 && cp <= 90) code = cp + 32;
      else if (cp >= 48 && cp <= 57) code = cp;
    } else {
      const ch = text.slice(i, i + width);
      if (LETTER_OR_DIGIT.test(ch)) code = ch.toLowerCase().codePointAt(0) ?? cp;
    }
    if (code >= 0) {
      codes[n] = code;
      offsets[n] = i;
      widths[n] = width;
      n += 1;
    }
    i += width;
  }
  return { codes: codes.subarray(0, n), offsets: offsets.subarray(0, n), widths: widths.subarray(0, n) };
}

/** The winnowed fingerprints of a text. A text shorter than K normalised characters has none. */
export function fingerprint(text: string, k = DUPLICATE_K, w = DUPLICATE_W): Fingerprints {
  const { codes, offsets, widths } = normalise(text);
  const grams = codes.length - k + 1;
  if (grams <= 0) return { hashes: new Int32Array(0), starts: new Int32Array(0), ends: new Int32Array(0) };

  // Rolling polynomial hash over code points, modulo 2^32.
  const gramHashes = new Int32Array(grams);
  let top = 1;
  for (let i = 1; i < k; i += 1) top = Math.imul(top, BASE);
  let h = 0;
  for (let i = 0; i < k; i += 1) h = (Math.imul(h, BASE) + (codes[i] ?? 0)) | 0;
  gramHashes[0] = mix(h);
  for (let i = 1; i < grams; i += 1) {
    h = (Math.imul((h - Math.imul(codes[i - 1] ?? 0, top)) | 0, BASE) + (codes[i + k - 1] ?? 0)) | 0;
    gramHashes[i] = mix(h);
  }

  // Robust winnowing: the rightmost minimum of each window, recorded when it changes. A deque of
  // candidate positions keeps this linear.
  const window = Math.min(w, grams);
  const picked: number[] = [];
  const deque = new Int32Array(grams);
  let head = 0;
  let tail = 0;
  let last = -1;
  for (let i = 0; i < grams; i += 1) {
    const value = gramHashes[i] ?? 0;
    while (tail > head && (gramHashes[deque[tail - 1] ?? 0] ?? 0) >= value) tail -= 1;
    deque[tail++] = i;
    if ((deque[head] ?? 0) <= i - window) head += 1;
    if (i >= window - 1) {
      const min = deque[head] ?? 0;
      if (min !== last) {
        picked.push(min);
        last = min;
      }
    }
  }

  const hashes = new Int32Array(picked.length);
  const starts = new Int32Array(picked.length);
  const ends = new Int32Array(picked.length);
  picked.forEach((position, index) => {
    hashes[index] = gramHashes[position] ?? 0;
    starts[index] = offsets[position] ?? 0;
    const lastChar = position + k - 1;
    ends[index] = (offsets[lastChar] ?? 0) + (widths[lastChar] ?? 0);
  });
  return { hashes, starts, ends };
}

/** The distinct hashes, sorted: what comparisons count. */
export function distinctSorted(hashes: ArrayLike<number>): Int32Array {
  const sorted = Int32Array.from(hashes).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i] ?? 0;
  }
  return sorted.slice(0, n);
}
