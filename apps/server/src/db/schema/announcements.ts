import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { orgs, users } from './identity.ts';

/**
 * Announcements of a course (course_id set) or of the whole organisation (course_id null). Readers see
 * one from `publish_at` on; its notifications go out once, at that moment (`notified_at` records it, so
 * a job run twice or an edit after publication never notifies again). Attachments are upload references
 * with parent type `announcement`, so the orphan sweep keeps their files.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    courseId: integer().references(() => courses.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** Sanitised HTML. */
    content: text().notNull(),
    publishAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    pinned: boolean().notNull().default(false),
    notifiedAt: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A course page lists its announcements by publication; the organisation's list has no course.
    index('announcements_course_publish_idx').on(t.courseId, t.publishAt),
    index('announcements_org_publish_idx')
      .on(t.orgId, t.publishAt)
      .where(sql`${t.courseId} is null`),
  ],
);

/** Who opened which announcement, once: the unread count is the published ones without a row here. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_reads_user_idx').on(t.userId),
  ],
);
