import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { courseModules, courses, groupSets, syllabi } from './courses.ts';
import { users } from './identity.ts';

/**
 * A question asked in class by drawing students or a group at random (spec 000 screen 1). Its own table,
 * not an activity row: it is a classroom interaction like a roll call (no completion, no grade, not in the
 * outline's activity lists), though it keeps the activity's module, syllabus, title and end time.
 */
export const askQuestions = pgTable(
  'ask_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    syllabusId: integer().references(() => syllabi.id, { onDelete: 'set null' }),
    /** select_student | select_group */
    type: text().notNull(),
    title: text().notNull(),
    question: text().notNull().default(''),
    selectNum: integer(),
    groupSetId: integer().references(() => groupSets.id, { onDelete: 'set null' }),
    avoidRecent: boolean().notNull().default(false),
    /** Set when the instructor ends it; from then on it is locked (no edit, no new draw). */
    endTime: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ask_questions_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * One draw of an ask-question. The drawn users and groups are kept as id arrays in draw order; names are
 * read at display time. `courseId` is copied so "picked lately in this course" is one indexed read.
 */
export const askQuestionPicks = pgTable(
  'ask_question_picks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    askQuestionId: integer()
      .notNull()
      .references(() => askQuestions.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    userIds: integer().array().notNull(),
    groupIds: integer().array().notNull(),
    pickedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    pickedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ask_question_picks_question_idx').on(t.askQuestionId, t.round),
    index('ask_question_picks_course_idx').on(t.courseId, t.pickedAt),
  ],
);
