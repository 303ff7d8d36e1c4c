// The duplicate check benchmark (issue 10): 1,000 submissions of 3,000 words, fingerprinted in the
// server's worker threads (the real worker script, reading each as a .txt file) and compared all pairs
// through the inverted index. Target: under 10 s on a 2-core machine; peak memory printed.
import { performance } from 'node:perf_hooks';
import { duplicateRate } from '../../packages/contracts/src/homework/duplicate-check.rules.ts';
import { createCpuPool, workerScriptUrl } from '../../apps/server/src/platform/jobs/cpu-pool.ts';
import { allPairs } from '../../apps/server/src/modules/homework/duplicate-compare.ts';
import { distinctSorted } from '../../apps/server/src/modules/homework/duplicate-fingerprint.ts';
import type {
  DuplicateTask,
  DuplicateTaskResult,
  SubmissionFilesInput,
} from '../../apps/server/src/modules/homework/duplicate-read.ts';

export const DUPCHECK_BENCH_NAME = 'dupcheck: 1,000 submissions × 3,000 words, fingerprint + all pairs';

const SUBMISSIONS = 1000;
const WORDS = 3000;
/** Pairs where the second copies most of the first, with edits. */
const PLANTED = 25;
const TARGET_SECONDS = 10;

/** A pseudo-random vocabulary of 20,000 words drawn with a skew, as real prose repeats common words. */
function writer(seed: number) {
  let x = seed >>> 0 || 1;
  const random = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const vocabulary: string[] = [];
  for (let i = 0; i < 20_000; i += 1) {
    let word = '';
    const length = 2 + Math.floor(random() * 8);
    for (let j = 0; j < length; j += 1) word += String.fromCharCode(97 + Math.floor(random() * 26));
    vocabulary.push(word);
  }
  return (count: number) => {
    const words: string[] = [];
    for (let i = 0; i < count; i += 1) {
      words.push(vocabulary[Math.floor(random() ** 3 * vocabulary.length)]!);
      if (i % 15 === 14) words[words.length - 1] += '.';
    }
    return words.join(' ');
  };
}

export async function runDupcheckBench(): Promise<boolean> {
  const write = writer(42);
  const texts: string[] = [];
  for (let i = 0; i < SUBMISSIONS; i += 1) texts.push(write(WORDS));
  // Plant copies: submission 2k+1 takes 80% of submission 2k, with a word changed in every sentence.
  for (let k = 0; k < PLANTED; k += 1) {
    const source = texts[2 * k]!.split('. ');
    const copied = source.slice(0, Math.floor(source.length * 0.8)).map((s) => s.replace(/^\S+/, 'changed'));
    texts[2 * k + 1] = `${copied.join('. ')}. ${write(Math.floor(WORDS * 0.2))}`;
  }
  const inputs: SubmissionFilesInput[] = texts.map((text, i) => ({
    files: [{ name: `submission-${i}.txt`, bytes: new TextEncoder().encode(text) }],
  }));
  texts.length = 0;

  const pool = createCpuPool<DuplicateTask, DuplicateTaskResult>(
    workerScriptUrl(
      new URL('../../apps/server/src/modules/homework/duplicate-read.ts', import.meta.url).href,
      './duplicate-fingerprint.worker.ts',
      'duplicate-fingerprint.worker',
    ),
    { size: 2 },
  );
  try {
    // Workers start (and load their code) before the clock starts, as they do once per server process.
    const warm = new TextEncoder().encode('warm up '.repeat(20));
    await Promise.all(
      [1, 2].map(() => pool.run({ kind: 'read', files: [{ name: 'warm.txt', bytes: warm }] })),
    );

    const started = performance.now();
    const results = await Promise.all(inputs.map((input) => pool.run({ kind: 'read', ...input })));
    const fingerprinted = performance.now();
    const docs = results.map((answer) =>
      answer.kind === 'read' && answer.result.status === 'checked'
        ? distinctSorted(answer.result.hashes)
        : new Int32Array(0),
    );
    const pairs = allPairs(docs);
    let flagged = 0;
    let plantedFound = 0;
    for (const pair of pairs) {
      const rate = Math.max(
        duplicateRate(pair.shared, docs[pair.a]!.length) ?? 0,
        duplicateRate(pair.shared, docs[pair.b]!.length) ?? 0,
      );
      if (rate >= 20) {
        flagged += 1;
        if (pair.a % 2 === 0 && pair.b === pair.a + 1 && pair.a < 2 * PLANTED) plantedFound += 1;
      }
    }
    const finished = performance.now();
    const seconds = (finished - started) / 1000;
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const fingerprints = docs.reduce((sum, d) => sum + d.length, 0);
    console.log(
      `  fingerprint ${((fingerprinted - started) / 1000).toFixed(2)} s (2 worker threads), ` +
        `all pairs ${((finished - fingerprinted) / 1000).toFixed(2)} s; total ${seconds.toFixed(2)} s ` +
        `(target < ${TARGET_SECONDS} s)`,
    );
    console.log(
      `  ${fingerprints.toLocaleString('en-US')} fingerprints, ${pairs.length.toLocaleString('en-US')} pairs sharing any, ` +
        `${flagged} at or above 20 %, planted copies found ${plantedFound}/${PLANTED}; peak RSS ${peakMb.toFixed(0)} MB`,
    );
    const ok = seconds < TARGET_SECONDS && plantedFound === PLANTED;
    console.log(`  ${ok ? 'PASS' : 'FAIL'}`);
    return ok;
  } finally {
    await pool.close();
  }
}
