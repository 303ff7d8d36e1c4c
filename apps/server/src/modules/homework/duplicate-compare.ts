/**
 * Comparing fingerprinted submissions (decision 0010). Pure; the hashes of a document here are its
 * distinct hashes, sorted (distinctSorted).
 */

export type PairCount = { a: number; b: number; shared: number };

/**
 * Every pair of documents that share at least one hash, with how many, through an inverted index
 * (hash → documents holding it): work grows with the matches there are, not with the square of the
 * number of documents. `a` and `b` are indexes into `docs`, a < b.
 *
 * The index is built by sorting (hash, document) entries packed into one float each (a 32-bit hash and
 * a document number below 2^20 fit its 53 bits exactly), which is far lighter than a Map of arrays for
 * millions of entries; the documents of one hash then sit side by side in document order.
 */
export function allPairs(docs: readonly Int32Array[]): PairCount[] {
  const DOC_BITS = 2 ** 20;
  if (docs.length >= DOC_BITS) throw new Error('too many documents for one comparison');
  let total = 0;
  for (const hashes of docs) total += hashes.length;
  const entries = new Float64Array(total);
  let at = 0;
  docs.forEach((hashes, doc) => {
    for (let i = 0; i < hashes.length; i += 1) entries[at++] = ((hashes[i] ?? 0) + 2 ** 31) * DOC_BITS + doc;
  });
  entries.sort();

  // Postings: the documents of each hash held by two or more, as runs of `postingDocs`.
  const postingDocs = new Int32Array(total);
  const runStart: number[] = [];
  const runEnd: number[] = [];
  // For each document, the runs its hashes belong to (only shared hashes).
  const runsOfDoc: number[][] = docs.map(() => []);
  for (let i = 0; i < total;) {
    const hash = Math.floor((entries[i] ?? 0) / DOC_BITS);
    let j = i;
    while (j < total && Math.floor((entries[j] ?? 0) / DOC_BITS) === hash) {
      postingDocs[j] = (entries[j] ?? 0) - hash * DOC_BITS;
      j += 1;
    }
    if (j - i > 1) {
      const run = runStart.length;
      runStart.push(i);
      runEnd.push(j);
      for (let k = i; k < j; k += 1) runsOfDoc[postingDocs[k] ?? 0]?.push(run);
    }
    i = j;
  }

  const counts = new Int32Array(docs.length);
  const touched = new Int32Array(docs.length);
  const pairs: PairCount[] = [];
  for (let doc = 0; doc < docs.length; doc += 1) {
    let touchedCount = 0;
    for (const run of runsOfDoc[doc] ?? []) {
      // Documents are in order within a run: only those after this one.
      for (let k = (runEnd[run] ?? 0) - 1, first = runStart[run] ?? 0; k >= first; k -= 1) {
        const other = postingDocs[k] ?? 0;
        if (other <= doc) break;
        if (counts[other] === 0) touched[touchedCount++] = other;
        counts[other] += 1;
      }
    }
    for (let t = 0; t < touchedCount; t += 1) {
      const other = touched[t] ?? 0;
      pairs.push({ a: doc, b: other, shared: counts[other] ?? 0 });
      counts[other] = 0;
    }
  }
  return pairs;
}

/** How many of `a`'s hashes `b` also has (both sorted and distinct). */
export function sharedCount(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared;
}

export type Span = { start: number; end: number };
export type FingerprintedText = {
  hashes: ArrayLike<number>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
};

/** Stretches closer than this many characters are shown as one passage. */
const MERGE_GAP = 8;

/**
 * The stretches of a text covered by its fingerprints whose hash is in `shared`, merged, in order; and for
 * each such fingerprint in start order, the index of the stretch it fell in.
 */
function matchedSpans(
  doc: FingerprintedText,
  shared: ReadonlySet<number>,
): { spans: Span[]; spanOf: number[] } {
  const items: { start: number; end: number; hash: number }[] = [];
  for (let i = 0; i < doc.hashes.length; i += 1) {
    if (shared.has(doc.hashes[i] ?? 0))
      items.push({ start: doc.starts[i] ?? 0, end: doc.ends[i] ?? 0, hash: doc.hashes[i] ?? 0 });
  }
  items.sort((x, y) => x.start - y.start);
  const spans: Span[] = [];
  const spanOf: number[] = [];
  for (const item of items) {
    const current = spans[spans.length - 1];
    if (current && item.start <= current.end + MERGE_GAP) current.end = Math.max(current.end, item.end);
    else spans.push({ start: item.start, end: item.end });
    spanOf.push(spans.length - 1);
  }
  return { spans, spanOf };
}

/**
 * The passages two texts share: each merged matched stretch of `a`, with the stretch of `b` that most
 * of its fingerprints point to.
 */
export function sharedPassages(
  a: FingerprintedText,
  b: FingerprintedText,
): { aSpans: Span[]; bSpans: Span[]; passages: { a: Span; b: Span }[] } {
  const inB = new Set<number>(Array.from(b.hashes));
  const shared = new Set<number>();
  for (let i = 0; i < a.hashes.length; i += 1) if (inB.has(a.hashes[i] ?? 0)) shared.add(a.hashes[i] ?? 0);
  const aMatched = matchedSpans(a, shared);
  const bMatched = matchedSpans(b, shared);

  // Where each shared hash first falls in b.
  const bSpanOfHash = new Map<number, number>();
  const bItems: { start: number; hash: number }[] = [];
  for (let i = 0; i < b.hashes.length; i += 1) {
    if (shared.has(b.hashes[i] ?? 0)) bItems.push({ start: b.starts[i] ?? 0, hash: b.hashes[i] ?? 0 });
  }
  bItems.sort((x, y) => x.start - y.start);
  bItems.forEach((item, index) => {
    if (!bSpanOfHash.has(item.hash)) bSpanOfHash.set(item.hash, bMatched.spanOf[index] ?? 0);
  });

  const aItems: { start: number; hash: number }[] = [];
  for (let i = 0; i < a.hashes.length; i += 1) {
    if (shared.has(a.hashes[i] ?? 0)) aItems.push({ start: a.starts[i] ?? 0, hash: a.hashes[i] ?? 0 });
  }
  aItems.sort((x, y) => x.start - y.start);
  const votes = aMatched.spans.map(() => new Map<number, number>());
  aItems.forEach((item, index) => {
    const bSpan = bSpanOfHash.get(item.hash);
    if (bSpan === undefined) return;
    const tally = votes[aMatched.spanOf[index] ?? 0];
    if (!tally) return;
    tally.set(bSpan, (tally.get(bSpan) ?? 0) + 1);
  });
  const passages: { a: Span; b: Span }[] = [];
  aMatched.spans.forEach((span, index) => {
    let best = -1;
    let bestVotes = 0;
    for (const [bSpan, count] of votes[index] ?? []) {
      if (count > bestVotes) {
        best = bSpan;
        bestVotes = count;
      }
    }
    const bSpan = bMatched.spans[best];
    if (bSpan) passages.push({ a: span, b: bSpan });
  });
  return { aSpans: aMatched.spans, bSpans: bMatched.spans, passages };
}

/**
 * Material shared by design is not copying (decision 0010, "Common material"): a hash held by at least
 * this share of the hand-ins, and by at least COMMON_MIN_DOCS of them, is the class's common text (a
 * template, the question pasted in) rather than evidence.
 */
export const COMMON_SHARE = 0.5;
export const COMMON_MIN_DOCS = 3;

/** The hashes held by most of `docs` (each distinct and sorted), sorted. */
export function commonHashes(docs: readonly Int32Array[]): Int32Array {
  const needed = Math.max(COMMON_MIN_DOCS, Math.ceil(docs.length * COMMON_SHARE));
  if (docs.length < needed) return new Int32Array(0);
  let total = 0;
  for (const doc of docs) total += doc.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const doc of docs) {
    all.set(doc, at);
    at += doc.length;
  }
  all.sort();
  const common: number[] = [];
  for (let i = 0; i < total;) {
    let j = i + 1;
    while (j < total && all[j] === all[i]) j += 1;
    // Each document holds a hash once, so the run's length is how many documents hold it.
    if (j - i >= needed) common.push(all[i] ?? 0);
    i = j;
  }
  return Int32Array.from(common);
}

/** `doc`'s hashes that are in neither excluded list (all three sorted and distinct). */
export function withoutHashes(doc: Int32Array, ...excluded: readonly Int32Array[]): Int32Array {
  const kept = new Int32Array(doc.length);
  const at = excluded.map(() => 0);
  let n = 0;
  for (let i = 0; i < doc.length; i += 1) {
    const value = doc[i] ?? 0;
    let drop = false;
    excluded.forEach((list, index) => {
      let j = at[index] ?? 0;
      while (j < list.length && (list[j] ?? 0) < value) j += 1;
      at[index] = j;
      if (j < list.length && list[j] === value) drop = true;
    });
    if (!drop) kept[n++] = value;
  }
  return kept.slice(0, n);
}

/**
 * Every pair of a homework's current hand-ins with what they share once common material is left out:
 * the template's hashes (the description and the instructor's files) and the hashes most hand-ins hold.
 * Left out of both sides' counts too, so a student who pasted the question and wrote their own answer
 * is compared on their answer alone. `counts` are each document's hashes that remain.
 */
export function discountedPairs(
  docs: readonly Int32Array[],
  template: Int32Array,
): { pairs: PairCount[]; counts: number[] } {
  const common = commonHashes(docs);
  const own = docs.map((doc) => withoutHashes(doc, template, common));
  return { pairs: allPairs(own), counts: own.map((doc) => doc.length) };
}
