import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The spec's job states: waiting (init), being run, done, given up, withdrawn. */
export const JOB_STATUSES = ['init', 'running', 'success', 'failed', 'cancel'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (platform/jobs). A job is inserted in the transaction of the change that
 * calls for it, so it exists exactly when that change committed; workers claim rows with
 * `FOR UPDATE SKIP LOCKED` and hold them by a lease (`locked_until`) that another worker may take over
 * once it has expired (the holder crashed).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler's name, e.g. `homework.duplicate-check`. */
    type: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text({ enum: JOB_STATUSES }).notNull().default('init'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** Not before: the first run, or the next retry after backoff. */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The claim query walks only the live jobs in due order.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('init', 'running')`),
    index('jobs_type_idx').on(t.type, t.status),
  ],
);
