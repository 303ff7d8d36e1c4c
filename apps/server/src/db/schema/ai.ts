import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { orgs, users } from './identity.ts';

/**
 * AI credit balances: one row for the organisation itself (user and course null), one per user and one per
 * course it allocates to. `used` never exceeds `assigned`: debits are one conditional UPDATE, so parallel
 * calls serialise on the row and cannot overdraw (decision 0017).
 */
export const aiCreditAccounts = pgTable(
  'ai_credit_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer().references(() => courses.id, { onDelete: 'cascade' }),
    assigned: integer().notNull().default(0),
    used: integer().notNull().default(0),
    /** Course accounts only: whether AI is switched on for the course. */
    aiActivation: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_credit_accounts_org_uq')
      .on(t.orgId)
      .where(sql`${t.userId} is null and ${t.courseId} is null`),
    uniqueIndex('ai_credit_accounts_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ai_credit_accounts_course_uq')
      .on(t.courseId)
      .where(sql`${t.courseId} is not null`),
    check('ai_credit_accounts_not_overdrawn', sql`${t.used} >= 0 and ${t.used} <= ${t.assigned}`),
  ],
);

/** An instructor's request for more credits, decided by an organisation administrator. */
export const aiCreditRequests = pgTable(
  'ai_credit_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text({ enum: ['user', 'course'] })
      .notNull()
      .default('user'),
    courseId: integer().references(() => courses.id, { onDelete: 'cascade' }),
    appliedCredits: integer().notNull(),
    approvedCredits: integer(),
    reason: text().notNull().default(''),
    status: text({ enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    remark: text(),
    auditorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Whether the requester has seen the decision. */
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_credit_requests_org_status_idx').on(t.orgId, t.status, t.id)],
);

/** The organisation's AI settings (spec 001 section 3: config). */
export const aiConfigs = pgTable('ai_configs', {
  orgId: integer()
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  creditMode: text({ enum: ['allocation', 'credit_pool'] })
    .notNull()
    .default('allocation'),
  courseGuidesEnable: boolean().notNull().default(false),
  allowedKbVideoType: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  maxUploadFileSize: integer(),
  /** Overrides AI_MAX_TEXT_LENGTH for this organisation when set. */
  maxTextLength: integer(),
  maxNumberOfQuizzes: integer(),
});

/** One row per settled model call: what it cost, never what was said. */
export const aiUsageLedger = pgTable(
  'ai_usage_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    feature: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    courseId: integer().references(() => courses.id, { onDelete: 'set null' }),
    promptTokens: integer().notNull(),
    completionTokens: integer().notNull(),
    credits: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_ledger_org_at_idx').on(t.orgId, t.at),
    index('ai_usage_ledger_user_idx').on(t.userId),
  ],
);

/**
 * AI generation for a video attached to an activity: captions, topics and chapters. The latest row per
 * attachment is what viewers see; a new generation replaces it only once it has finished.
 */
export const videoAiTasks = pgTable(
  'video_ai_tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    activityId: integer().notNull(),
    referenceId: integer().notNull(),
    uploadId: integer().notNull(),
    /** Who asked: their credits (or their course's) pay for it. */
    requestedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['queued', 'processing', 'finished', 'failed'] })
      .notNull()
      .default('queued'),
    caption: boolean().notNull(),
    topic: boolean().notNull(),
    chapter: boolean().notNull(),
    captionsVtt: text(),
    topics: jsonb().$type<string[]>().notNull().default([]),
    chapters: jsonb().$type<{ start: number; title: string }[]>().notNull().default([]),
    /** A catalogued message key, shown in the viewer's language. */
    errorKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_ai_tasks_activity_idx').on(t.activityId, t.referenceId, t.id),
    // One generation at a time per attachment: a second start while one runs is refused by this index.
    uniqueIndex('video_ai_tasks_one_running_idx')
      .on(t.referenceId)
      .where(sql`${t.status} in ('queued', 'processing')`),
  ],
);
