import { performance } from 'node:perf_hooks';

/** Runs `flow` for every item with at most `concurrency` in flight. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  flow: (item: T) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await flow(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return (performance.now() - started) / 1000;
}
