import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs, type JobStatus } from '../../db/schema/jobs.ts';
import type { Executor } from '../database.ts';

export type JobRow = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Delay from now, instead of runAt. */
  delayMs?: number;
  /** Runs in all, first included, before the job is given up as failed (default 5). */
  maxAttempts?: number;
};

/** The row of one job: due now unless `options` say otherwise. */
function jobValues(type: string, payload: Record<string, unknown>, options: EnqueueOptions) {
  const runAt =
    options.runAt ?? (options.delayMs !== undefined ? new Date(Date.now() + options.delayMs) : undefined);
  return {
    type,
    payload,
    ...(runAt ? { runAt } : {}),
    ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
  };
}

/**
 * Queues background work. Pass the caller's transaction: the job is then part of the change that calls
 * for it, so it exists if and only if that change committed (a rolled-back hand-in leaves no job).
 */
export async function enqueue(
  executor: Executor,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await executor
    .insert(jobs)
    .values(jobValues(type, payload, options))
    .returning({ id: jobs.id });
  if (!row) throw new Error('job not inserted');
  return row.id;
}

/** Jobs of one type, one per payload, in one insert (due now unless `options` say otherwise). */
export async function enqueueMany(
  executor: Executor,
  type: string,
  payloads: readonly Record<string, unknown>[],
  options: EnqueueOptions = {},
): Promise<number> {
  if (payloads.length === 0) return 0;
  const rows = await executor
    .insert(jobs)
    .values(payloads.map((payload) => jobValues(type, payload, options)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Withdraws jobs of a type whose payload contains `match` and that have not started. */
export async function cancelPending(
  executor: Executor,
  type: string,
  match: Record<string, unknown>,
): Promise<number> {
  const rows = await executor
    .update(jobs)
    .set({ status: 'cancel', finishedAt: sql`now()` })
    .where(
      and(
        eq(jobs.type, type),
        eq(jobs.status, 'init'),
        sql`${jobs.payload} @> ${JSON.stringify(match)}::jsonb`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Claims up to `limit` due jobs of the given types for `workerId`, holding each for `leaseMs`. A job
 * whose holder's lease ran out (the process died mid-run) is due again. SKIP LOCKED lets any number of
 * workers, in one process or many on the same PostgreSQL, claim side by side without ever sharing a job.
 */
export async function claimJobs(
  executor: Executor,
  options: { workerId: string; types: readonly string[]; limit: number; leaseMs: number },
): Promise<JobRow[]> {
  if (options.types.length === 0) return [];
  const due = executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.type, [...options.types]),
        sql`((${jobs.status} = 'init' and ${jobs.runAt} <= now()) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now()))`,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return executor
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: options.workerId,
      lockedUntil: sql`now() + ${`${options.leaseMs} milliseconds`}::interval`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Extends the lease of a job still held by `workerId`; false when it was taken over meanwhile. */
export async function extendLease(
  executor: Executor,
  id: number,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await executor
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records the end of a run by the worker that still holds the job: done, given up, or due again at
 * `retryAt`. A worker that lost its lease changes nothing (the new holder decides).
 */
export async function finishJob(
  executor: Executor,
  id: number,
  workerId: string,
  outcome:
    { status: Extract<JobStatus, 'success' | 'failed'>; error?: string } | { retryAt: Date; error: string },
): Promise<void> {
  const set =
    'retryAt' in outcome
      ? { status: 'init' as const, runAt: outcome.retryAt, lastError: outcome.error }
      : {
          status: outcome.status,
          finishedAt: sql`now()`,
          ...(outcome.error !== undefined ? { lastError: outcome.error } : {}),
        };
  await executor
    .update(jobs)
    .set({ ...set, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
}
