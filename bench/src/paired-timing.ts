// One request at a time, each paired with one call to the bare ceiling's empty `/health`: the same HTTP round
// trip with nothing to compute, so the server's own time is the difference (what the client alone measures
// also holds the loopback, the client's parsing and, on a loaded machine, its wait for a core). Used by the
// benches that time a screen opening rather than a crowd.
import { performance } from 'node:perf_hooks';
import type { RunningProcess } from './processes.ts';

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export type PairedTiming = {
  samples: number;
  /** At the client. */
  p50: number;
  p95: number;
  /** The bare round trip paired with each call. */
  floorP50: number;
  /** The client's time less the paired round trip, call by call. */
  serverP50: number;
  serverP95: number;
};

/** A signed-in GET's parsed JSON body; anything but a 2xx stops the bench with what the server said. */
export async function getJson(url: string, cookie: string, name: string): Promise<unknown> {
  const response = await fetch(url, { headers: { cookie } });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Calls `call(i)` `warmup` times untimed, then `rounds` times timed, each call followed by one bare
 * round trip; answers the timings and the last call's value.
 */
export async function timePairedCalls<T>(
  bare: RunningProcess,
  call: (i: number) => Promise<T>,
  { warmup, rounds }: { warmup: number; rounds: number },
): Promise<PairedTiming & { last: T | undefined }> {
  const floor = async () => {
    const started = performance.now();
    const response = await fetch(`${bare.baseUrl}/health`);
    await response.text();
    if (!response.ok) throw new Error(`bare /health answered ${response.status}`);
    return performance.now() - started;
  };
  let last: T | undefined;
  for (let i = 0; i < warmup; i += 1) {
    last = await call(i);
    await floor();
  }
  const samples: number[] = [];
  const floors: number[] = [];
  const serverTimes: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    last = await call(i);
    const elapsed = performance.now() - started;
    const trip = await floor();
    samples.push(elapsed);
    floors.push(trip);
    serverTimes.push(Math.max(0, elapsed - trip));
  }
  return {
    samples: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    floorP50: percentile(floors, 50),
    serverP50: percentile(serverTimes, 50),
    serverP95: percentile(serverTimes, 95),
    last,
  };
}
