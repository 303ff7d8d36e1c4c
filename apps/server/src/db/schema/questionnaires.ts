import { integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import type { QuestionnaireAnswer } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * One student's answers to a questionnaire (an activity of type `questionnaire`, whose questions are rows of
 * `subjects` owned by the activity, like an exam's paper). At most one per student, editable while the
 * questionnaire is open. The row keeps the respondent even when the questionnaire is anonymous, so the
 * student can edit theirs; only the responses hide who answered what.
 */
export const questionnaireSubmissions = pgTable(
  'questionnaire_submissions',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb().$type<QuestionnaireAnswer[]>().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Led by the activity: results read one questionnaire's range.
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
