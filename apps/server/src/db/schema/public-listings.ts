import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { orgs, users } from './identity.ts';
import { uploads } from './uploads.ts';

/**
 * Classifications a public course is filed under (spec 001 section 7, `GET /course-classifications`).
 * A course points at one through `courses.classification_id`, which predates this slice; deleting a
 * classification clears those pointers in the same transaction (the column has no foreign key).
 */
export const courseClassifications = pgTable(
  'course_classifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_classifications_org_name_idx').on(t.orgId, t.name)],
);

export const curriculumClassifications = pgTable(
  'curriculum_classifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('curriculum_classifications_org_name_idx').on(t.orgId, t.name)],
);

/**
 * What a public course card shows beyond the course row: the sign-up charge (a card is "paid" when one
 * is set), the certification it leads to and its credit state (`air` marks an air-classroom course).
 * One row per course at most; a course without one is free, uncertified and not air.
 */
export const coursePublicSettings = pgTable('course_public_settings', {
  courseId: integer()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  signUpChargeAmount: numeric({ precision: 10, scale: 2 }),
  certificationTitle: text(),
  creditState: text(),
  /** Visitors may read the course's typical mistakes: an opt-in, since it publishes questions. */
  publicTypicalMistakes: boolean().notNull().default(false),
  /**
   * The promotion video the public course page plays. While set it keeps the file from the orphan sweep
   * (uploads.repository.ts); purging the course deletes this row and so frees the file.
   */
  promotionVideoUploadId: integer().references(() => uploads.id, { onDelete: 'set null' }),
  /** Seconds, as the uploader's browser reported them; null when unknown. */
  promotionVideoDuration: doublePrecision(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A named sequence of courses shown as one card on the portal and at /curriculum/{id}. */
export const curriculums = pgTable(
  'curriculums',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    cover: text(),
    classificationId: integer().references(() => curriculumClassifications.id, { onDelete: 'set null' }),
    /** Same values as a course's public_scope: `public` is readable by anyone, `org` by signed-in members. */
    publicScope: text().notNull().default('private'),
    signUpChargeAmount: numeric({ precision: 10, scale: 2 }),
    certificationTitle: text(),
    creditState: text(),
    startDate: date({ mode: 'string' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('curriculums_listing_idx')
      .on(t.publicScope, t.id)
      .where(sql`${t.publicScope} <> 'private'`),
  ],
);

export const curriculumCourses = pgTable(
  'curriculum_courses',
  {
    curriculumId: integer()
      .notNull()
      .references(() => curriculums.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.curriculumId, t.courseId] }),
    index('curriculum_courses_course_idx').on(t.courseId),
  ],
);
