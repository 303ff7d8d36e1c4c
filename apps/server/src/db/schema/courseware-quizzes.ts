import type { SubjectScore } from '@lectern/contracts/exams/grading';
import type { CoursewareQuizAnswer } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
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
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * A quiz at one moment of an online video (an activity of type `online_video`): the player pauses at
 * `position` seconds and asks its questions, which are `subjects` rows owned by the quiz
 * (`subjects.video_quiz_id`). A quiz follows its activity into the recycle bin; on its own it is deleted only
 * while nobody has answered it (decision 0015: nothing learners did is removed by a click).
 */
export const coursewareQuizzes = pgTable(
  'courseware_quizzes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    /** Seconds from the start of the video. */
    position: integer().notNull(),
    sort: integer().notNull().default(0),
    /**
     * Students see, answer and are stopped by published quizzes only. The column defaults to true so quizzes
     * that existed before the flag stay as visible as they were; a quiz created through the API starts
     * unpublished (the service says so), like an activity, until its questions are in place.
     */
    published: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courseware_quizzes_activity_idx').on(t.activityId, t.position, t.id)],
);

/**
 * One student's answers to one quiz, graded when handed in by the exams' grading rules. Handed in once: a
 * resent submission returns the stored one.
 */
export const coursewareQuizSubmissions = pgTable(
  'courseware_quiz_submissions',
  {
    quizId: integer()
      .notNull()
      .references(() => coursewareQuizzes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb().$type<CoursewareQuizAnswer[]>().notNull(),
    scores: jsonb().$type<SubjectScore[]>().notNull(),
    score: doublePrecision().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Led by the quiz: statistics read one quiz's range.
  (t) => [primaryKey({ columns: [t.quizId, t.userId] })],
);
