import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses, semesters } from './courses.ts';
import { orgs, users } from './identity.ts';
import { uploads } from './uploads.ts';

/**
 * The teaching weeks of a semester, derived from its start and end dates (week n starts 7(n-1) days after
 * the first day). Rows exist so schedule entries can reference a week by id; they are rewritten from the
 * semester whenever weeks are read, and weeks beyond a shortened semester are left out of every answer.
 */
export const teachingWeeks = pgTable(
  'teaching_weeks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    semesterId: integer()
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('teaching_weeks_semester_sequence_idx').on(t.semesterId, t.sequence)],
);

/** One slot of a course's teaching schedule (spec 001 section 3, "teaching schedule entry"). */
export const teachingCalendarEntries = pgTable(
  'teaching_calendar_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teachingWeekId: integer()
      .notNull()
      .references(() => teachingWeeks.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    content: text().notNull(),
    hours: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
    instructor: text().notNull().default(''),
    location: text().notNull().default(''),
    teachingDate: date({ mode: 'string' }).notNull(),
    teachingTime: text().notNull().default(''),
    timeRange: text().notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teaching_calendar_entries_course_idx').on(t.courseId, t.teachingDate),
    index('teaching_calendar_entries_week_idx').on(t.teachingWeekId),
  ],
);

/**
 * A student's review of a course: a 1–5 star score and text. At most one live review per student and
 * course (the partial unique index); a removed one is kept, hidden, so moderation leaves a trace.
 */
export const courseEstimates = pgTable(
  'course_estimates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer().notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('course_estimates_one_per_student_idx')
      .on(t.courseId, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('course_estimates_course_idx').on(t.courseId, t.createdAt),
    check('course_estimates_score_range', sql`${t.score} between 1 and 5`),
  ],
);

export const courseEstimateReplies = pgTable(
  'course_estimate_replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    estimateId: integer()
      .notNull()
      .references(() => courseEstimates.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('course_estimate_replies_estimate_idx').on(t.estimateId, t.createdAt)],
);

/** A course's self-enrolment rules; a course without a row takes no one by themselves. */
export const courseRegistrationSettings = pgTable('course_registration_settings', {
  courseId: integer()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  startTime: timestamp({ withTimezone: true }),
  endTime: timestamp({ withTimezone: true }),
  capacity: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Whether students may download or print the course's files (type `download` or `print`); a course without
 * a row allows both, as before the setting existed.
 */
export const courseDownloadPrintPermissions = pgTable(
  'course_download_print_permissions',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    allowStudents: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.type] })],
);

/** A user's secret iCalendar feed: only the token's SHA-256 is kept; deleting the row revokes it. */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organisation administrator's review of one file a course uses (its activities' attachments and the
 * files shared to it), keyed by course and upload so the verdict survives an activity re-attaching the
 * same file. A course resource without a row is awaiting review (`auditing`).
 */
export const courseResourceAudits = pgTable(
  'course_resource_audits',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    status: text({ enum: ['agree', 'reject'] }).notNull(),
    remark: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.uploadId] }),
    check('course_resource_audits_status_check', sql`${t.status} in ('agree', 'reject')`),
  ],
);

/**
 * A file an instructor shared to another course they teach (`POST /api/uploads/share-to-courses`): it
 * becomes one of that course's resources, listed and reviewed like its attachments, and readable by the
 * course's members through the upload routes. A share keeps the file: the orphan sweep passes over it,
 * since the target course may be the only place the file is still used.
 */
export const courseSharedUploads = pgTable(
  'course_shared_uploads',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    sharedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    sharedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.uploadId] }),
    index('course_shared_uploads_upload_idx').on(t.uploadId),
  ],
);

/**
 * An external tool an instructor links into a course (spec 001 "extension apps"): a name and a web
 * address, an optional icon, and whether students see it. Listed on the course page in `sort` order.
 */
export const courseExtensionApps = pgTable(
  'course_extension_apps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    url: text().notNull(),
    iconUrl: text(),
    visibleToStudents: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_extension_apps_course_idx').on(t.courseId, t.sort, t.id),
    // Stored addresses are opened from course pages: only web addresses ever reach the table.
    check('course_extension_apps_url_check', sql`${t.url} ~* '^https?://'`),
    check('course_extension_apps_icon_check', sql`${t.iconUrl} is null or ${t.iconUrl} ~* '^https?://'`),
  ],
);
