import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { orgs, users } from './identity.ts';

/**
 * How often each user used the AI slide-deck feature (spec 000 section 7, "AI slides"). One row per user,
 * counted up by a single upsert so concurrent uses never lose a count.
 */
export const aiPptUsage = pgTable('ai_ppt_usage', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orgId: integer()
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  usageCount: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
