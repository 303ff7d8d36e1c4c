import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RubricScore } from '@lectern/contracts/homework/homework.schemas';
import { activities } from './activities.ts';
import { groups } from './courses.ts';
import { users } from './identity.ts';
import { uploads } from './uploads.ts';

/** Upload references of a submission's attachments carry this parent type and the submission id. */
export const HOMEWORK_SUBMISSION_PARENT = 'homework_submission';
/**
 * The parent type of the upload reference each homework marked attachment holds (parent id: the
 * attachment's id). The orphan sweep counts it only while the attachment exists.
 */
export const HOMEWORK_MARKED_ATTACHMENT_PARENT = 'homework_marked_attachment';

/**
 * The parent type of the upload references of a homework's reference answer files (parent id: the
 * homework's activity id). Only the teaching team reads them; the orphan sweep counts them while the
 * activity exists.
 */
export const HOMEWORK_REFERENCE_ANSWER_PARENT = 'homework_reference_answer';

/** Exactly one of user_id / group_id: a student's own work, or a group's. */
const oneSubmitter = (userId: unknown, groupId: unknown) => sql`(${userId} is null) <> (${groupId} is null)`;

/**
 * A student's (or group's) standing on one homework: status (addendum section 3), make-up window, redo
 * grants and the recommend flag. The row is also what hand-ins lock, so versions are numbered one at a
 * time per submitter while different students hand in in parallel.
 */
export const homeworkSubmitters = pgTable(
  'homework_submitters',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
    /** HOMEWORK_STATUS: 1 submitted, 2 makeUp, 3 unsubmitted, 4 askedMakeUp, 5 redo. */
    status: smallint().notNull().default(3),
    /** The last version number handed in (0: none). */
    lastVersion: integer().notNull().default(0),
    /** Extra hand-ins granted by redo requests, beyond the homework's submit_times. */
    redoGranted: integer().notNull().default(0),
    makeUpEndTime: timestamp({ withTimezone: true }),
    recommend: boolean().notNull().default(false),
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('homework_submitters_one_submitter', oneSubmitter(t.userId, t.groupId)),
    uniqueIndex('homework_submitters_user_uq')
      .on(t.activityId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('homework_submitters_group_uq')
      .on(t.activityId, t.groupId)
      .where(sql`${t.groupId} is not null`),
  ],
);

/**
 * Hand-ins and drafts. Each hand-in is a new version; a draft carries the version it will become and is
 * turned into it on hand-in. Unique per (activity, submitter, version), so a resent hand-in can never
 * count twice. Attachments are upload references (HOMEWORK_SUBMISSION_PARENT, submission id).
 */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    isDraft: boolean().notNull().default(false),
    /** Sanitised HTML. */
    comment: text().notNull().default(''),
    slides: jsonb().$type<unknown[]>().notNull().default([]),
    /** 1 submitted, 2 handed in during a make-up window. */
    status: smallint().notNull().default(1),
    isLate: boolean().notNull().default(false),
    score: doublePrecision(),
    finalScore: doublePrecision(),
    instructorComment: text(),
    rubricScore: jsonb().$type<RubricScore>(),
    recommend: boolean().notNull().default(false),
    submittedAt: timestamp({ withTimezone: true }),
    /** The student, or the instructor who handed it in on their behalf. */
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('homework_submissions_one_submitter', oneSubmitter(t.userId, t.groupId)),
    uniqueIndex('homework_submissions_user_version_uq')
      .on(t.activityId, t.userId, t.version)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('homework_submissions_group_version_uq')
      .on(t.activityId, t.groupId, t.version)
      .where(sql`${t.groupId} is not null`),
    index('homework_submissions_activity_idx').on(t.activityId, t.isDraft),
  ],
);

/**
 * Files the marker attaches to a homework submission (often a student's PDF annotated in the editor).
 * Ids are drawn from the exam marked attachments' sequence: `DELETE /api/uploads/marked_attachment/{id}`
 * serves both kinds, so the two must never share an id.
 */
export const homeworkMarkedAttachments = pgTable(
  'homework_marked_attachments',
  {
    id: integer()
      .primaryKey()
      .default(sql`nextval('exam_marked_attachments_id_seq')`),
    submissionId: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: 'cascade' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** The student's file this corrects, when it is one. */
    originUploadId: integer().references(() => uploads.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('homework_marked_attachments_submission_idx').on(t.submissionId)],
);

/**
 * Every score change of homework and exams (spec 001 section 3 "Score record"). The submitter is a
 * student or a group; the operator's name is kept as it was, so the history reads the same after renames.
 */
export const scoreRecords = pgTable(
  'score_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
    /** Which submission: the homework version, or the exam attempt. */
    version: integer(),
    scoreMethod: text().notNull(),
    oldScore: doublePrecision(),
    score: doublePrecision(),
    oldFinalScore: doublePrecision(),
    finalScore: doublePrecision(),
    operatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    operatorName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('score_records_one_submitter', oneSubmitter(t.userId, t.groupId)),
    index('score_records_user_idx').on(t.activityId, t.userId, t.createdAt),
    index('score_records_group_idx').on(t.activityId, t.groupId, t.createdAt),
  ],
);

/** Peer scores of group homework: a student scores another group (inter) or a member of their own (intra). */
export const homeworkPeerScores = pgTable(
  'homework_peer_scores',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['inter', 'intra'] }).notNull(),
    scorerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** inter: the group scored; intra: the scorer's own group. */
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** intra: the member scored. */
    targetUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    score: doublePrecision().notNull(),
    comment: text(),
    rubricScore: jsonb().$type<RubricScore>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One score per scorer and target: scoring again replaces it.
    uniqueIndex('homework_peer_scores_target_uq').on(
      t.activityId,
      t.kind,
      t.scorerId,
      t.groupId,
      sql`coalesce(${t.targetUserId}, 0)`,
    ),
    index('homework_peer_scores_group_idx').on(t.activityId, t.groupId),
  ],
);
