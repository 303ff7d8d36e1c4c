import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExamAnswer } from '@lectern/contracts/exams/exam-taking.schemas';
import type { SubjectScore as GradedScore } from '@lectern/contracts/exams/grading';
import { activities } from './activities.ts';
import { groups } from './courses.ts';
import { subjects } from './exams.ts';
import { users } from './identity.ts';
import { uploads } from './uploads.ts';

/** One attempt's paper: which questions, in which order, with options in which order. */
export const examPaperInstances = pgTable(
  'exam_paper_instances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isMakeup: boolean().notNull().default(false),
    /** 1 for the first attempt; a retake opens the next number. */
    attempt: integer().notNull().default(1),
    /** [{subject_id, option_ids}] in the order the student sees them (random order when the exam asks). */
    layout: jsonb()
      .$type<
        { subject_id: number; option_ids: number[]; sub: { subject_id: number; option_ids: number[] }[] }[]
      >()
      .notNull(),
    retakeRecordId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One instance per attempt number: two tabs starting the same attempt at once get the same paper.
  (t) => [uniqueIndex('exam_paper_instances_attempt_uq').on(t.activityId, t.userId, t.attempt)],
);

export type SubmittedAnswer = ExamAnswer;
export type SubjectScore = GradedScore;

/**
 * A paper instance's answers: drafts while the student works (draft_data), the final answers once submitted.
 * One row per instance, so resending the same final submission can never make a second attempt.
 */
export const examSubmissions = pgTable(
  'exam_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    instanceId: integer()
      .notNull()
      .references(() => examPaperInstances.id, { onDelete: 'cascade' }),
    examineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isMakeup: boolean().notNull().default(false),
    /** Group exams: the examinee's group in the exam's group set; attempts are counted per group. */
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    status: text({ enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    draftData: jsonb().$type<SubmittedAnswer[]>(),
    submissionData: jsonb().$type<SubmittedAnswer[]>(),
    scoreData: jsonb().$type<SubjectScore[]>(),
    /** Total once every question is graded or marked; null while a subjective answer awaits marking. */
    score: doublePrecision(),
    autoScore: doublePrecision(),
    markStatus: text({ enum: ['unmarked', 'marked'] })
      .notNull()
      .default('unmarked'),
    commentData: jsonb().$type<{ comment: string | null; subject_comments?: Record<string, string> }>(),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exam_submissions_instance_uq').on(t.instanceId),
    index('exam_submissions_exam_user_idx').on(t.activityId, t.examineeId),
  ],
);

/**
 * Each examinee's answer to each question in their latest final submission of a paper (main or make-up),
 * one row per question: the answer statistics read an index range of these instead of every submission's
 * json (issue 13: 5,000 answers under 50 ms). Derived data, written only by the `exam_submissions` trigger
 * of migration 0023, in the writer's transaction, from every question the submission answers or scores
 * (grading scores every question of the paper, so a handed-in blank is a row, not a missing one).
 */
export const examFinalAnswers = pgTable(
  'exam_final_answers',
  {
    // No keys to the activity and the examinee: the submission's own tie this row to both, and deleting
    // either deletes the submission, whose trigger removes these rows (migration 0038).
    activityId: integer().notNull(),
    subjectId: integer().notNull(),
    isMakeup: boolean().notNull(),
    examineeId: integer().notNull(),
    // No key to the submission either (migration 0042): the trigger that writes these rows is also what
    // removes them, on the submission's delete as on any other change (0023, 0032), so a key's cascade
    // never had anything left to do, and its 20 checks (and the index it needed) cost every hand-in.
    submissionId: integer().notNull(),
    optionIds: jsonb().$type<number[]>().notNull(),
    answer: text(),
    answers: jsonb().$type<{ sort: number; content: string }[]>().notNull(),
    correct: boolean(),
    score: doublePrecision(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.subjectId, t.isMakeup, t.examineeId] }),
    // The trigger's refresh finds an examinee's rows by these; the key above serves the statistics.
    index('exam_final_answers_examinee_idx').on(t.examineeId, t.activityId, t.isMakeup),
  ],
);

/** An instructor let a student take an exam again (spec 001 section 3, retake record). */
export const examRetakeRecords = pgTable(
  'exam_retake_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    examineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examType: text({ enum: ['exam', 'makeup'] })
      .notNull()
      .default('exam'),
    /** The examinee's latest final submission when the retake was granted (null: none yet). */
    submissionId: integer().references(() => examSubmissions.id, { onDelete: 'set null' }),
    operatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_retake_records_exam_idx').on(t.activityId, t.createdAt),
    index('exam_retake_records_examinee_idx').on(t.activityId, t.examineeId),
  ],
);

/**
 * The parent type of the upload reference each marked attachment also holds, with the attachment's id as
 * parent id: it keeps the file from the orphan-upload sweep while the attachment exists.
 */
export const MARKED_ATTACHMENT_PARENT = 'exam_marked_attachment';

/** Files an instructor attaches while marking a submission. */
export const examMarkedAttachments = pgTable(
  'exam_marked_attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer()
      .notNull()
      .references(() => examSubmissions.id, { onDelete: 'cascade' }),
    subjectId: integer().references(() => subjects.id, { onDelete: 'set null' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_marked_attachments_submission_idx').on(t.submissionId)],
);

/** Classroom exams: the instructor releases one question at a time. */
export const classroomReleases = pgTable(
  'classroom_releases',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    releasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.subjectId] })],
);

/** One answer per student per released classroom question, kept countable per option. */
export const classroomAnswers = pgTable(
  'classroom_answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answerOptionIds: jsonb().$type<number[]>().notNull().default([]),
    answer: text(),
    answers: jsonb().$type<{ sort: number; content: string }[]>().notNull().default([]),
    isCorrect: boolean(),
    score: doublePrecision(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('classroom_answers_subject_user_uq').on(t.subjectId, t.userId),
    index('classroom_answers_activity_idx').on(t.activityId, t.subjectId),
  ],
);
