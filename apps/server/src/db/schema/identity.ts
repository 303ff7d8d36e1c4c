import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const orgs = pgTable('orgs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  code: text().notNull().unique(),
  /** Organisation settings the spec reads (h5_courseware_completeness, gpt, markdown, ...). */
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    parentId: integer(),
    name: text().notNull(),
    code: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('departments_org_code_uq').on(t.orgId, t.code)],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userNo: text().notNull(),
    name: text().notNull(),
    /** Display alias, shown for customers and where the spec says "aliases". */
    aliases: text(),
    /** Stored lower-cased so login by e-mail is case-insensitive and unique. */
    email: text(),
    mobilePhone: text(),
    /** IANA zone the user chose in their settings; null follows the browser. */
    timeZone: text(),
    avatarSmallUrl: text(),
    avatarBigUrl: text(),
    departmentId: integer().references(() => departments.id, { onDelete: 'set null' }),
    orgRole: text({ enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_user_no_uq').on(t.orgId, t.userNo),
    uniqueIndex('users_org_email_uq')
      .on(t.orgId, t.email)
      .where(sql`${t.email} is not null`),
    index('users_department_idx').on(t.departmentId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The course an instructor is viewing as a student; writes there are refused. */
    simulatingCourseId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed-login counters (decision 0009), shared by every process. One row per key: `account:<user id>`
 * or `login:<identifier>` (an identifier no account has, so it locks exactly like a real one), and
 * `address:<ip>` across accounts (plus `credit:address:<ip>:account:<id>` markers). An account attempt
 * is counted when it is admitted and forgotten when it succeeds, so concurrent guesses cannot slip past
 * a limit before their hashes finish; an address counts its attempts in flight apart from its failures.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  /** Distinct accounts that signed in from this address in the window (address rows only). */
  credits: integer().notNull().default(0),
  /** The window runs from here: the counter is forgotten once this is older than the window. */
  lastAttemptAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
  /** Attempts from this address whose password is being checked (address rows only). */
  pending: integer().notNull().default(0),
});
