import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * Who joined a meeting activity through Lectern (spec 001 "Participants"). Vendors that report
 * attendance add to it; for a meeting linked by URL it is the only attendance there is. One row per
 * person and sub-meeting (recurring meetings), counting joins.
 */
export const meetingJoins = pgTable(
  'meeting_joins',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** '' for the meeting itself; a recurring meeting's occurrence otherwise. */
    subMeetingId: text().notNull().default(''),
    role: text().$type<'host' | 'guest'>().notNull(),
    firstJoinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastJoinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinCount: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.subMeetingId, t.userId] }),
    index('meeting_joins_user_idx').on(t.userId),
  ],
);
