import { describe, expect, it } from 'vitest';
import { statementBatcher } from './statement-batcher.ts';

type Item = { key: number; exam: number; value: string };

function recorder(options: { failBatch?: boolean; maxItems?: number } = {}) {
  const statements: { kind: 'batch' | 'one'; values: string[] }[] = [];
  const stored = new Map<number, string>();
  const batcher = statementBatcher<Item, string>({
    key: (item) => item.key,
    compatible: (a, b) => a.exam === b.exam,
    maxItems: options.maxItems ?? 100,
    async runBatch(items) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.failBatch) throw new Error('deadlock detected');
      statements.push({ kind: 'batch', values: items.map((i) => i.value) });
      for (const item of items) stored.set(item.key, item.value);
      return items.map((item) => (item.value.startsWith('refused') ? undefined : `saved ${item.value}`));
    },
    async runOne(item) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      statements.push({ kind: 'one', values: [item.value] });
      stored.set(item.key, item.value);
      return item.value.startsWith('refused') ? undefined : `saved ${item.value}`;
    },
  });
  return { batcher, statements, stored };
}

describe('statement batcher', () => {
  it('sends the writes of one turn as one statement and answers each with its own result', async () => {
    const { batcher, statements } = recorder();
    const answers = await Promise.all([
      batcher.submit({ key: 1, exam: 7, value: 'a' }),
      batcher.submit({ key: 2, exam: 7, value: 'refused b' }),
      batcher.submit({ key: 3, exam: 7, value: 'c' }),
    ]);
    expect(answers).toEqual(['saved a', undefined, 'saved c']);
    expect(statements).toEqual([{ kind: 'batch', values: ['a', 'refused b', 'c'] }]);
  });

  it('sends a lone write as the one-row statement', async () => {
    const { batcher, statements } = recorder();
    expect(await batcher.submit({ key: 1, exam: 7, value: 'a' })).toBe('saved a');
    expect(statements).toEqual([{ kind: 'one', values: ['a'] }]);
  });

  it('keeps writes that may not share a statement apart, and caps a statement at maxItems', async () => {
    const { batcher, statements } = recorder({ maxItems: 2 });
    await Promise.all([
      batcher.submit({ key: 1, exam: 7, value: 'a' }),
      batcher.submit({ key: 2, exam: 8, value: 'other exam' }),
      batcher.submit({ key: 3, exam: 7, value: 'c' }),
      batcher.submit({ key: 4, exam: 7, value: 'd' }),
    ]);
    expect(statements).toHaveLength(3);
    expect(statements).toContainEqual({ kind: 'batch', values: ['a', 'c'] });
    expect(statements).toContainEqual({ kind: 'one', values: ['other exam'] });
    expect(statements).toContainEqual({ kind: 'one', values: ['d'] });
  });

  it('writes a second save of the same row after the first, so the later one stays', async () => {
    const { batcher, statements, stored } = recorder();
    const answers = await Promise.all([
      batcher.submit({ key: 1, exam: 7, value: 'first' }),
      batcher.submit({ key: 2, exam: 7, value: 'b' }),
      batcher.submit({ key: 1, exam: 7, value: 'second' }),
    ]);
    expect(answers).toEqual(['saved first', 'saved b', 'saved second']);
    expect(statements).toEqual([
      { kind: 'batch', values: ['first', 'b'] },
      { kind: 'one', values: ['second'] },
    ]);
    expect(stored.get(1)).toBe('second');
  });

  it('tries each write alone when the batch statement fails', async () => {
    const { batcher, statements } = recorder({ failBatch: true });
    const answers = await Promise.all([
      batcher.submit({ key: 1, exam: 7, value: 'a' }),
      batcher.submit({ key: 2, exam: 7, value: 'b' }),
    ]);
    expect(answers).toEqual(['saved a', 'saved b']);
    expect(statements.map((s) => s.kind)).toEqual(['one', 'one']);
  });

  it('passes a lone write’s failure to its caller', async () => {
    const failing = statementBatcher<number, number>({
      key: (n) => n,
      compatible: () => true,
      maxItems: 10,
      runBatch: async () => [],
      runOne: async () => {
        throw new Error('connection lost');
      },
    });
    await expect(failing.submit(1)).rejects.toThrow('connection lost');
  });
});
