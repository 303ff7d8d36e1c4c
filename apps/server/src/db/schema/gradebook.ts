import { doublePrecision, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { courses } from './courses.ts';
import { users } from './identity.ts';

/**
 * Weights the instructor set for gradebook items. An item without a row weighs the default (every item
 * the same), so a new exam or homework joins the gradebook without a write here.
 */
export const gradeItemWeights = pgTable(
  'grade_item_weights',
  {
    activityId: integer()
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The activity's course, so one course's weights are read without a join. */
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    weight: doublePrecision().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_item_weights_course_idx').on(t.courseId)],
);
