import { boolean, index, integer, pgTable, primaryKey, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { courses } from './courses.ts';
import { users } from './identity.ts';

/**
 * A combined (parent) course and the courses combined into it (spec 001 "Combine courses"). The parent is
 * an ordinary course row of course type 10; its sub-courses keep their own members, whose students are
 * members of the parent through this table (modules/courses/course-access.ts). A course is a sub-course of
 * at most one combined course.
 */
export const courseSubCourses = pgTable(
  'course_sub_courses',
  {
    parentCourseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    subCourseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
    /** Set once some of its sections were moved into the parent (combine-contents). */
    mergedAt: timestamp({ withTimezone: true }),
    /** Set when an instructor confirmed what is left of it (inspect-child). */
    inspectedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The access check looks sub-courses up by parent: the key's first column serves it.
    primaryKey({ columns: [t.parentCourseId, t.subCourseId] }),
    uniqueIndex('course_sub_courses_sub_uq').on(t.subCourseId),
  ],
);

/** The merge of a combined course's content was confirmed (`PUT /api/courses/{id}/inspect`). */
export const combinedCourseStates = pgTable('combined_course_states', {
  courseId: integer()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  combined: boolean().notNull().default(false),
  inspectedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  inspectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An activity of a combined course shown only to students of some of its sub-courses. No row: every
 * student of the course sees it. Every write stamps the activity's course (course_content_versions,
 * triggers of migration 0025), so cached activity lists are rebuilt whoever writes.
 */
export const activitySubCourses = pgTable(
  'activity_sub_courses',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    subCourseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.subCourseId] }),
    index('activity_sub_courses_sub_idx').on(t.subCourseId),
  ],
);
