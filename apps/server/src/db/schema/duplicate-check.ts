import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { homeworkSubmissions } from './homework.ts';
import { uploads } from './uploads.ts';

/**
 * One homework submission version read for the duplicate check (decision 0010): the text of its docx,
 * pdf and txt files and its winnowing fingerprints, each with the stretch of text it stands for, so the
 * passages two submissions share can be shown without reading the files again.
 */
export const duplicateDocuments = pgTable(
  'duplicate_documents',
  {
    submissionId: integer()
      .primaryKey()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    status: text({ enum: ['checked', 'not_checkable', 'failed'] }).notNull(),
    /** The extracted text (files joined in attachment order), capped; offsets below point into it. */
    text: text().notNull().default(''),
    /** Fingerprint hashes in text order (repeats kept: each occurrence has its own stretch). */
    hashes: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    starts: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ends: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Distinct hashes: the "second" of the rate formula. */
    fingerprintCount: integer().notNull().default(0),
    lastError: text(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('duplicate_documents_activity_idx').on(t.activityId)],
);

/**
 * Two submission versions of the same homework that share fingerprints, a < b. Each side's rate is the
 * share of its own fingerprints found in the other; pairs sharing nothing are not stored.
 */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    submissionA: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    submissionB: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    shared: integer().notNull(),
    rateA: doublePrecision(),
    rateB: doublePrecision(),
    /** greatest(rate_a, rate_b): what the view's threshold is compared with. */
    rate: doublePrecision(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duplicate_pairs_ab_uq').on(t.submissionA, t.submissionB),
    index('duplicate_pairs_activity_rate_idx').on(t.activityId, t.rate.desc()),
    index('duplicate_pairs_b_idx').on(t.submissionB),
  ],
);

/** A file of a submission sent to the external checker, and what it answered. */
export const thirdPartyChecks = pgTable(
  'third_party_checks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    submissionId: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    externalId: text(),
    status: text({ enum: ['queued', 'submitted', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    similarity: doublePrecision(),
    reportUrl: text(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('third_party_checks_submission_upload_uq').on(t.submissionId, t.uploadId),
    index('third_party_checks_activity_idx').on(t.activityId),
  ],
);
