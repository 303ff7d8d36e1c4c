import { sql } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';

/**
 * An exam paper's version is its activity row's `updated_at`, read in whole microseconds as text so every
 * driver hands over the same exact value. Every write to a paper (questions, options, order, a question
 * restored from the recycle bin) takes the exam's row lock and sets `nextPaperVersion`, so the version
 * changes with each one and never repeats; exam taking caches papers by it, in every process, without a
 * message between them (exam-taking.service.ts).
 */
export const paperVersionSql = sql<string>`(floor(extract(epoch from ${activities.updatedAt}) * 1000000)::bigint)::text`;

/** Strictly later than the current version even when two writes share a clock reading. */
export const nextPaperVersion = sql`greatest(now(), ${activities.updatedAt} + interval '1 microsecond')`;
