import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { claimJobs, enqueue } from './job-queue.ts';
import { createJobWorker, PermanentJobError, type JobHandler } from './job-worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

function worker(
  handlers: Record<string, JobHandler>,
  extra: { leaseMs?: number; concurrency?: number } = {},
) {
  return createJobWorker({ db: t.db, log: t.app.log, handlers, backoffMs: () => 0, ...extra });
}

async function jobRow(id: number) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('job queue', () => {
  it('a job enqueued in a rolled-back transaction does not exist; a committed one runs once', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, 'test.echo', { n: 1 });
        throw new Error('hand-in failed');
      }),
    ).rejects.toThrow('hand-in failed');
    expect(await t.db.select().from(jobs)).toHaveLength(0);

    const id = await t.db.transaction(async (tx) => enqueue(tx, 'test.echo', { n: 2 }));
    const seen: unknown[] = [];
    expect(await worker({ 'test.echo': async (payload) => void seen.push(payload) }).drain()).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
    const row = await jobRow(id);
    expect(row.status).toBe('success');
    expect(row.attempts).toBe(1);
    expect(row.finishedAt).not.toBeNull();
    expect(row.lockedBy).toBeNull();
  });

  it('a failing handler is retried up to max_attempts, then the job is failed with the last error', async () => {
    const id = await enqueue(t.db, 'test.flaky', {}, { maxAttempts: 3 });
    let runs = 0;
    await worker({
      'test.flaky': async () => {
        runs += 1;
        throw new Error(`boom ${runs}`);
      },
    }).drain();
    expect(runs).toBe(3);
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('boom 3');
  });

  it('a handler that succeeds on a retry ends in success; a permanent error is not retried', async () => {
    const retried = await enqueue(t.db, 'test.second-time', {});
    const permanent = await enqueue(t.db, 'test.permanent', {});
    let runs = 0;
    let permanentRuns = 0;
    await worker({
      'test.second-time': async () => {
        runs += 1;
        if (runs === 1) throw new Error('transient');
      },
      'test.permanent': async () => {
        permanentRuns += 1;
        throw new PermanentJobError('no such submission');
      },
    }).drain();
    expect((await jobRow(retried)).status).toBe('success');
    expect(runs).toBe(2);
    expect((await jobRow(permanent)).status).toBe('failed');
    expect(permanentRuns).toBe(1);
  });

  it('a job held by a worker that died is taken over once its lease has expired', async () => {
    const id = await enqueue(t.db, 'test.echo', {});
    // A worker claims it and dies without finishing.
    const [claimed] = await claimJobs(t.db, {
      workerId: 'dead',
      types: ['test.echo'],
      limit: 1,
      leaseMs: 60_000,
    });
    expect(claimed?.id).toBe(id);
    const ran: number[] = [];
    const survivor = worker({ 'test.echo': async (_p, { job }) => void ran.push(job.id) });
    // Still leased: nobody else may run it.
    expect(await survivor.runOnce()).toBe(0);
    // The dead worker's lease runs out: moved to the past rather than waited for, so that a slow machine
    // cannot outlast a short lease before the check above.
    await t.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, id));
    expect(await survivor.runOnce()).toBe(1);
    expect(ran).toEqual([id]);
    const row = await jobRow(id);
    expect(row.status).toBe('success');
    expect(row.attempts).toBe(2);
  });

  it('jobs of types a worker has no handler for are left alone', async () => {
    const id = await enqueue(t.db, 'test.other', {});
    expect(await worker({ 'test.echo': async () => {} }).drain()).toBe(0);
    expect((await jobRow(id)).status).toBe('init');
  });

  it('a job due later is not run before its time', async () => {
    const id = await enqueue(t.db, 'test.echo', {}, { delayMs: 60_000 });
    expect(await worker({ 'test.echo': async () => {} }).drain()).toBe(0);
    expect((await jobRow(id)).status).toBe('init');
  });

  it('two workers draining side by side never run the same job', async () => {
    const count = 60;
    for (let i = 0; i < count; i += 1) await enqueue(t.db, 'test.count', { i });
    const runs = new Map<number, number>();
    const handler: JobHandler = async (_payload, { job }) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const a = worker({ 'test.count': handler }, { concurrency: 4 });
    const b = worker({ 'test.count': handler }, { concurrency: 4 });
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(count);
    expect(runs.size).toBe(count);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    if (t.driver === 'postgres') {
      // With real concurrent connections both workers take part.
      expect(ranA).toBeGreaterThan(0);
      expect(ranB).toBeGreaterThan(0);
    }
  });

  it('a started worker picks up new jobs by itself and stops gracefully after the job under way', async () => {
    let finished = false;
    let entered = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const started = createJobWorker({
      db: t.db,
      log: t.app.log,
      pollMs: 20,
      handlers: {
        'test.slow': async () => {
          entered = true;
          // Held until the test has asked the worker to stop: the job is under way when stop is called.
          await held;
          finished = true;
        },
      },
    });
    started.start();
    const id = await enqueue(t.db, 'test.slow', {});
    await expect.poll(() => entered, { timeout: 20_000, interval: 20 }).toBe(true);
    expect((await jobRow(id)).status).toBe('running');
    const stopping = started.stop();
    setTimeout(release, 50);
    await stopping;
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('success');
  });
});
