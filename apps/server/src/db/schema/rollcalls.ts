import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { users } from './identity.ts';

/**
 * A roll call of a course. It is open while `status` is in_progress and `ends_at` (start + duration) has
 * not passed, so a roll call whose time ran out is over without any job having to close it.
 */
export const rollcalls = pgTable(
  'rollcalls',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** number | qr | radar | self_registration */
    type: text().notNull(),
    numberCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    radius: integer(),
    durationSeconds: integer().notNull(),
    /** not_started | in_progress | finished (stopped by hand; a lapsed one still reads in_progress here). */
    status: text().notNull().default('not_started'),
    startedAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rollcalls_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * One student's state in one roll call: written when they answer (a wrong number code too, to count it)
 * or when the instructor marks them; a student without a row is absent.
 */
export const rollcallAnswers = pgTable(
  'rollcall_answers',
  {
    rollcallId: integer()
      .notNull()
      .references(() => rollcalls.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** on_call_fine | late | absent | on_leave */
    status: text().notNull().default('absent'),
    /** number | qr | radar | self_registration | manual: how the status was reached. */
    source: text(),
    deviceId: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    accuracy: doublePrecision(),
    distance: doublePrecision(),
    /** Set when the answer waits for the instructor (poor_accuracy); cleared by marking. */
    review: text(),
    wrongCodes: integer().notNull().default(0),
    answeredAt: timestamp({ withTimezone: true }),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rollcallId, t.userId] }),
    // One device answers for one student per roll call; two concurrent answers cannot both win.
    uniqueIndex('rollcall_answers_device_idx')
      .on(t.rollcallId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('rollcall_answers_user_idx').on(t.userId),
  ],
);
