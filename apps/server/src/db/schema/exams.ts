import { isNull, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { courses, recycleBinItems } from './courses.ts';
import { coursewareQuizzes } from './courseware-quizzes.ts';
import { orgs, users } from './identity.ts';

/**
 * Question libraries. A library with no course is its owner's personal one; `folder` libraries only hold
 * other libraries (parent_id). Questionnaire libraries are kept apart by lib_type.
 */
export const subjectLibs = pgTable(
  'subject_libs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    courseId: integer().references(() => courses.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => subjectLibs.id, { onDelete: 'cascade' }),
    libType: text({ enum: ['exam', 'folder', 'questionnaire'] }).notNull(),
    title: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subject_libs_owner_idx').on(t.ownerId, t.libType),
    index('subject_libs_course_idx').on(t.courseId, t.libType),
    index('subject_libs_parent_idx').on(t.parentId),
  ],
);

/**
 * Questions. Each belongs to exactly one owner: a library, or an exam / classroom exam (an activity of
 * that type). Sub-questions of an analysis or cloze stem carry the stem as parent and the same owner, so
 * one indexed read by owner fetches a whole paper.
 */
export const subjects = pgTable(
  'subjects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    libId: integer().references(() => subjectLibs.id, { onDelete: 'cascade' }),
    activityId: integer().references(() => activities.id, { onDelete: 'cascade' }),
    /** Questions of a quiz placed in an online video (courseware-quizzes). */
    videoQuizId: integer().references(() => coursewareQuizzes.id, { onDelete: 'cascade' }),
    /** Questions of an exam's make-up paper (spec 000: is_makeup_exam). */
    isMakeup: boolean().notNull().default(false),
    parentId: integer().references((): AnyPgColumn => subjects.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    description: text().notNull().default(''),
    point: doublePrecision().notNull().default(0),
    sort: integer().notNull().default(0),
    difficultyLevel: smallint().notNull().default(0),
    answer: text(),
    answerExplanation: text(),
    /** fill_in_blank: [{sort, answers: string[]}], every accepted answer per blank. */
    blanks: jsonb().$type<{ sort: number; answers: string[] }[]>().notNull().default([]),
    /** matching: [{sort, content, option_sort}], the left-hand items and the option each pairs with. */
    pairs: jsonb().$type<{ sort: number; content: string; option_sort: number }[]>().notNull().default([]),
    settings: jsonb().$type<{ case_sensitive?: boolean; unordered_blanks?: boolean }>().notNull().default({}),
    /** Knowledge points named by an import, kept until the course's knowledge graph links them. */
    knowledgeNodeNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The teaching team's note (an imported question's name): plain text, never on a student's paper. */
    note: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set on a deleted question and its sub-questions while they are in a recycle bin (decision 0015);
     * every read passes `subjectNotDeleted`.
     */
    recycleBinItemId: integer().references(() => recycleBinItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('subjects_one_owner', sql`num_nonnulls(${t.libId}, ${t.activityId}, ${t.videoQuizId}) = 1`),
    index('subjects_activity_idx').on(t.activityId, t.isMakeup, t.sort, t.id),
    index('subjects_lib_idx').on(t.libId, t.sort, t.id),
    index('subjects_video_quiz_idx').on(t.videoQuizId, t.sort, t.id),
    index('subjects_parent_idx').on(t.parentId),
    index('subjects_recycle_bin_item_idx').on(t.recycleBinItemId),
  ],
);

/** The one "not in a recycle bin" predicate of questions; every read of `subjects` passes it. */
export const subjectNotDeleted = isNull(subjects.recycleBinItemId);

export const subjectOptions = pgTable(
  'subject_options',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
    content: text().notNull(),
    isAnswer: boolean().notNull().default(false),
    /** Partial credit of a choice question: the share of the points this option earns; null = all or nothing. */
    weight: doublePrecision(),
  },
  (t) => [index('subject_options_subject_idx').on(t.subjectId, t.sort)],
);

/**
 * The upload_references parent type of a picture inside a question's HTML (`<img src="/api/uploads/{id}/blob">`),
 * attached to the top-level question: it keeps the file from the orphan sweep and lets whoever sees the
 * question see the picture.
 */
export const SUBJECT_IMAGE_PARENT = 'subject_image';

/** Links to knowledge-graph nodes; the graph itself arrives later, so no foreign key yet. */
export const subjectKnowledgeNodes = pgTable(
  'subject_knowledge_nodes',
  {
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    knowledgeNodeId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.knowledgeNodeId] }),
    index('subject_knowledge_nodes_node_idx').on(t.knowledgeNodeId),
  ],
);

/** Students who take an exam's make-up paper instead of the main one. */
export const examMakeupUsers = pgTable(
  'exam_makeup_users',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
