import type { ImportedSubject } from '@lectern/contracts/data-import/data-import.schemas';
import { describe, expect, it } from 'vitest';
import { BatchSaveError, saveInBatches, type BatchProgress } from './save-imported-subjects.ts';

const subjects = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ number: String(i + 1) }) as unknown as ImportedSubject);

describe('saveInBatches', () => {
  it('saves 450 questions as 200 + 200 + 50, in order, with progress after each batch', async () => {
    const batches: string[][] = [];
    const progress: BatchProgress[] = [];
    await saveInBatches(
      subjects(450),
      async (batch) => void batches.push(batch.map((s) => s.number)),
      (p) => progress.push(p),
    );
    expect(batches.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(batches.map((b) => b[0])).toEqual(['1', '201', '401']);
    expect(progress).toEqual([
      { saved: 0, total: 450 },
      { saved: 200, total: 450 },
      { saved: 400, total: 450 },
      { saved: 450, total: 450 },
    ]);
  });

  it('stops at a failed batch and says how many were saved before it', async () => {
    let calls = 0;
    const failure = new Error('server said no');
    const result = saveInBatches(subjects(300), async () => {
      calls += 1;
      if (calls === 2) throw failure;
    });
    await expect(result).rejects.toBeInstanceOf(BatchSaveError);
    await result.catch((error: BatchSaveError) => {
      expect(error.saved).toBe(200);
      expect(error.cause).toBe(failure);
    });
    expect(calls).toBe(2);
  });
});
