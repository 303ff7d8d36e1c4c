import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../database.ts';
import { safeErrorMessage } from '../logging/error-serializer.ts';
import { claimJobs, extendLease, finishJob, type JobRow } from './job-queue.ts';

export type JobContext = {
  job: JobRow;
  /** Aborted when the worker lost the job's lease (another worker took it over): stop then. */
  signal: AbortSignal;
};

/** Runs one job. Throwing retries it with backoff (a PermanentJobError fails it at once). */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A module's job handlers, and how to release what they hold (worker threads). */
export type RegisteredJobs = { handlers: JobHandlers; close(): Promise<void> };

/** A failure that another attempt cannot fix (the data is gone, the input is invalid). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export type JobWorkerOptions = {
  db: Database;
  log: FastifyBaseLogger;
  handlers: JobHandlers;
  workerId?: string;
  /** Jobs run side by side by this worker (default 2: the machine's cores, not the database's). */
  concurrency?: number;
  /** How long to wait before looking again when nothing was due (default 1 s). */
  pollMs?: number;
  /** How long a claim holds a job before others may take it over; renewed while the job runs. */
  leaseMs?: number;
  /** Delay before retry number `attempt` (1-based count of runs so far). */
  backoffMs?: (attempt: number) => number;
};

export type JobWorker = {
  readonly id: string;
  /** Claims what is due now and runs it to the end; the number of jobs run. */
  runOnce(): Promise<number>;
  /** Runs due jobs until none is left (retries scheduled for later are not waited for). */
  drain(): Promise<number>;
  /** Polls in the background until stopped. */
  start(): void;
  /** No new claims; resolves once the jobs under way have finished. */
  stop(): Promise<void>;
};

const DEFAULT_LEASE_MS = 5 * 60_000;

/** 10 s, 20 s, 40 s … capped at an hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3600_000);
}

// Stored in jobs.last_error, which outlives logs: a failed query's message lists its bound values.
function describe(error: unknown): string {
  const name = error instanceof Error ? `${error.name}: ` : '';
  return `${name}${safeErrorMessage(error)}`.slice(0, 2000);
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const types = Object.keys(options.handlers);
  const stopping = new AbortController();
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function run(job: JobRow): Promise<void> {
    const { db, log } = options;
    // Reclaimed after its holders died this many times: the job itself is likely what kills them.
    if (job.attempts > job.maxAttempts) {
      await finishJob(db, job.id, id, { status: 'failed', error: job.lastError ?? 'lease expired' });
      return;
    }
    const handler = options.handlers[job.type];
    if (!handler) {
      await finishJob(db, job.id, id, { status: 'failed', error: `no handler for ${job.type}` });
      return;
    }
    const lost = new AbortController();
    // Stopping does not abort a run: a graceful stop lets it finish (a hard kill is what leases are for).
    const signal = lost.signal;
    const heartbeat = setInterval(
      () => {
        extendLease(db, job.id, id, leaseMs)
          .then((held) => {
            if (!held) lost.abort(new Error('lease lost'));
          })
          .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await handler(job.payload, { job, signal });
      clearInterval(heartbeat);
      await finishJob(db, job.id, id, { status: 'success' });
    } catch (error) {
      clearInterval(heartbeat);
      const message = describe(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      log.warn({ err: error, jobId: job.id, type: job.type, attempt: job.attempts, final }, 'job failed');
      await finishJob(
        db,
        job.id,
        id,
        final
          ? { status: 'failed', error: message }
          : { retryAt: new Date(Date.now() + backoffMs(job.attempts)), error: message },
      );
    }
  }

  async function runOnce(): Promise<number> {
    if (stopping.signal.aborted) return 0;
    const claimed = await claimJobs(options.db, { workerId: id, types, limit: concurrency, leaseMs });
    await Promise.all(
      claimed.map((job) =>
        run(job).catch((error: unknown) =>
          options.log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'),
        ),
      ),
    );
    return claimed.length;
  }

  async function poll(): Promise<void> {
    while (!stopping.signal.aborted) {
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (error) {
        options.log.error({ err: error }, 'job claim failed');
      }
      if (ran > 0 || stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    id,
    runOnce,
    async drain() {
      let total = 0;
      for (let ran = await runOnce(); ran > 0; ran = await runOnce()) total += ran;
      return total;
    },
    start() {
      loop ??= poll();
    },
    async stop() {
      stopping.abort(new Error('worker stopping'));
      wake?.();
      await loop;
    },
  };
}
