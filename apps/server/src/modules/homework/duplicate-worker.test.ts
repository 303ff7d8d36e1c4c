import { afterAll, describe, expect, it } from 'vitest';
import { createCpuPool, workerScriptUrl } from '../../platform/jobs/cpu-pool.ts';
import type { DuplicateTask, DuplicateTaskResult } from './duplicate-read.ts';

const pool = createCpuPool<DuplicateTask, DuplicateTaskResult>(
  workerScriptUrl(import.meta.url, './duplicate-fingerprint.worker.ts', 'duplicate-fingerprint.worker'),
  { size: 1 },
);
afterAll(async () => pool.close());

describe('the duplicate check worker thread', () => {
  it(
    'reads and fingerprints a large text while the event loop keeps turning',
    { timeout: 60_000 },
    async () => {
      // Warm up: the worker loads its code once.
      await pool.run({
        kind: 'read',
        files: [{ name: 'a.txt', bytes: new TextEncoder().encode('warm '.repeat(10)) }],
      });
      const words: string[] = [];
      for (let i = 0; i < 400_000; i += 1) words.push(`word${(i * 7919) % 50_000}`);
      const bytes = new TextEncoder().encode(words.join(' '));

      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 5);
      const started = Date.now();
      const answer = await pool.run({ kind: 'read', files: [{ name: 'big.txt', bytes }] });
      const elapsed = Date.now() - started;
      clearInterval(timer);

      expect(answer.kind === 'read' && answer.result.status).toBe('checked');
      // Had the work run on this thread, no tick could have fired until it was done.
      expect(ticks).toBeGreaterThan(Math.min(5, elapsed / 20));
    },
  );

  it('compares every pair of a homework, leaving the template out of shared and counts', async () => {
    const answer = await pool.run({
      kind: 'compareAll',
      docs: [Int32Array.from([4, 3, 3, 9, 1]), Int32Array.from([1, 3, 4, 8]), Int32Array.from([7, 8])],
      template: Int32Array.from([1]),
    });
    expect(answer).toEqual({
      kind: 'compareAll',
      pairs: [
        { a: 0, b: 1, shared: 2 },
        { a: 1, b: 2, shared: 1 },
      ],
      counts: [3, 3, 2],
    });
  });

  it('reports a submission without docx, pdf or txt files as not checkable', async () => {
    const answer = await pool.run({
      kind: 'read',
      files: [{ name: 'photo.png', bytes: new Uint8Array([1, 2, 3]) }],
    });
    expect(answer).toEqual({ kind: 'read', result: { status: 'not_checkable', error: null } });
  });
});
