import { isNull, sql } from 'drizzle-orm';
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
import { courseModules, courses, recycleBinItems, syllabi } from './courses.ts';
import { users } from './identity.ts';

export const activities = pgTable(
  'activities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    syllabusId: integer().references(() => syllabi.id, { onDelete: 'set null' }),
    type: text().notNull(),
    title: text().notNull(),
    /** Type-specific payload, validated by the schema the owning domain registers for `type`. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    startTime: timestamp({ withTimezone: true }),
    endTime: timestamp({ withTimezone: true }),
    published: boolean().notNull().default(false),
    completionCriterionKey: text().notNull().default('none'),
    completionCriterionValue: doublePrecision(),
    sort: integer().notNull().default(0),
    /** Set while the activity is in its course's recycle bin (decision 0015). */
    recycleBinItemId: integer().references(() => recycleBinItems.id, { onDelete: 'cascade' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_recycle_bin_item_idx').on(t.recycleBinItemId),
    index('activities_course_sort_idx').on(t.courseId, t.sort, t.id),
    index('activities_module_idx').on(t.moduleId),
    index('activities_type_idx')
      .on(t.courseId, t.type)
      .where(sql`${t.published}`),
  ],
);

/** The one "not in a recycle bin" predicate of activities; every read of the table passes it. */
export const activityNotDeleted = isNull(activities.recycleBinItemId);

export const activityReads = pgTable(
  'activity_reads',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readCount: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_reads_user_idx').on(t.userId)],
);

/**
 * Each visit of a learner to an activity: a read after 30 minutes or more without one (a video's player
 * reports every few seconds while it plays). Written by the `activity_reads` trigger (migration 0043), so
 * every way a read is counted records its visit; `activity_reads` keeps only the first and last read, and
 * what students did on each day (the student statistics) needs every day they came back.
 */
export const activityReadVisits = pgTable(
  'activity_read_visits',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId, t.readAt] }),
    index('activity_read_visits_activity_time_idx').on(t.activityId, t.readAt),
    index('activity_read_visits_user_idx').on(t.userId),
  ],
);

/**
 * The parts of an online video a learner has watched, reported by players as [start, end) seconds
 * (`POST /api/course/activities-read/{id}`). One row per learner and video holding the union of every
 * reported range, kept merged and sorted, so completeness is its length over the video's duration.
 */
export const videoWatchRanges = pgTable(
  'video_watch_ranges',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Disjoint, sorted [start, end] pairs in seconds. */
    ranges: jsonb().$type<[number, number][]>().notNull().default([]),
    /** Percent 0–100 of the duration covered, stored so lists judge completion without recomputing. */
    completeness: doublePrecision().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('video_watch_ranges_user_idx').on(t.userId),
  ],
);
