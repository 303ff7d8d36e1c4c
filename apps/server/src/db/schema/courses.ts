import { isNull, sql } from 'drizzle-orm';
import type { RecycleBinItemType } from '@lectern/contracts/courses/recycle-bin.schemas';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { departments, orgs, users } from './identity.ts';

export const academicYears = pgTable('academic_years', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  orgId: integer()
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  code: text().notNull(),
  sort: integer().notNull().default(0),
});

export const semesters = pgTable('semesters', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  orgId: integer()
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  academicYearId: integer()
    .notNull()
    .references(() => academicYears.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  code: text().notNull(),
  sort: integer().notNull().default(0),
  startDate: date({ mode: 'string' }),
  endDate: date({ mode: 'string' }),
});

export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    displayName: text(),
    secondName: text(),
    courseCode: text(),
    subjectCode: text(),
    courseSubjectId: integer(),
    academicYearId: integer().references(() => academicYears.id, { onDelete: 'set null' }),
    semesterId: integer().references(() => semesters.id, { onDelete: 'set null' }),
    compulsory: boolean().notNull().default(false),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    classroomSchedule: text(),
    credit: text(),
    /** 1 ordinary; 13 is the blueprint type (spec 001 section 9). */
    courseType: integer().notNull().default(1),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    importedFrom: text(),
    grade: text(),
    klass: text(),
    publicScope: text().notNull().default('private'),
    cover: text(),
    access: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    courseAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    classificationId: integer(),
    isBlocked: boolean().notNull().default(false),
    /** Set while the course is in a recycle bin (decision 0015); every read passes `courseNotDeleted`. */
    recycleBinItemId: integer().references((): AnyPgColumn => recycleBinItems.id, { onDelete: 'cascade' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_org_idx').on(t.orgId),
    index('courses_semester_idx').on(t.semesterId),
    index('courses_recycle_bin_item_idx').on(t.recycleBinItemId),
  ],
);

export const courseMembers = pgTable(
  'course_members',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A member may hold several course roles; the first is the one sent with questions. */
    roles: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_members_user_idx').on(t.userId)],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    recycleBinItemId: integer().references((): AnyPgColumn => recycleBinItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_modules_course_idx').on(t.courseId, t.sort),
    index('course_modules_recycle_bin_item_idx').on(t.recycleBinItemId),
  ],
);

export const syllabi = pgTable(
  'syllabi',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: integer()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    summary: text().notNull(),
    sort: integer().notNull().default(0),
    recycleBinItemId: integer().references((): AnyPgColumn => recycleBinItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('syllabi_module_idx').on(t.moduleId, t.sort),
    index('syllabi_recycle_bin_item_idx').on(t.recycleBinItemId),
  ],
);

export const groupSets = pgTable(
  'group_sets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_sets_course_idx').on(t.courseId)],
);

export const groups = pgTable(
  'groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupSetId: integer()
      .notNull()
      .references(() => groupSets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('groups_group_set_idx').on(t.groupSetId)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Denormalised so the database itself keeps a student in at most one group per set. */
    groupSetId: integer()
      .notNull()
      .references(() => groupSets.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLeader: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    uniqueIndex('group_members_set_user_uq').on(t.groupSetId, t.userId),
  ],
);

/**
 * The last time each user opened each course (`GET /api/user/recently-visited-courses`): one row per
 * user and course, overwritten on every visit, so the table never grows beyond memberships.
 */
export const courseVisits = pgTable(
  'course_visits',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    visitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_visits_user_recent_idx').on(t.userId, t.visitedAt),
  ],
);

// Type-only import above: drizzle-kit loads these files, and the contracts' values need not come with them.
const RECYCLE_BIN_ITEM_TYPES = [
  'course',
  'module',
  'syllabus',
  'activity',
  'question',
] as const satisfies readonly RecycleBinItemType[];

/**
 * One deletion waiting in a course's recycle bin (decision 0015). The deleted rows stay where they are
 * and point here through `recycle_bin_item_id`; a module's activities deleted with it point at the
 * module's item, so restoring it brings them back together. Removing this row is the only hard delete:
 * the pointers cascade to the deleted rows, and from them to everything learners did.
 */
export const recycleBinItems = pgTable(
  'recycle_bin_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    /** The course whose bin holds it; null in a personal bin (a personal library's question). */
    courseId: integer().references((): AnyPgColumn => courses.id, { onDelete: 'cascade' }),
    /** The owner of a personal bin: the person whose personal library the question was in. */
    ownerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    itemType: text({ enum: RECYCLE_BIN_ITEM_TYPES }).notNull(),
    /** The id of the course, module, syllabus or activity deleted. */
    itemId: integer().notNull(),
    /** The name it had when deleted, so the bin lists it without reading the hidden row. */
    title: text().notNull(),
    /** The activity type, for activities. */
    activityType: text(),
    /** For questions: where the question was, a library or an exam (its activity), and that one's title then. */
    sourceType: text({ enum: ['library', 'exam'] }),
    sourceId: integer(),
    sourceTitle: text(),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recycle_bin_items_course_idx').on(t.courseId, t.deletedAt),
    index('recycle_bin_items_owner_idx').on(t.ownerId, t.deletedAt),
    index('recycle_bin_items_deleted_at_idx').on(t.deletedAt),
    check('recycle_bin_items_one_bin', sql`num_nonnulls(${t.courseId}, ${t.ownerId}) = 1`),
  ],
);

/** The one "not in a recycle bin" predicate of each table; every read of these tables passes it. */
export const courseNotDeleted = isNull(courses.recycleBinItemId);
export const moduleNotDeleted = isNull(courseModules.recycleBinItemId);
export const syllabusNotDeleted = isNull(syllabi.recycleBinItemId);
