import { integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * One student's ballot in a vote (an activity of type `vote`; its options, kind and window live in the
 * activity's `data` and times). A student has at most one ballot, replaced while the vote is open. Ballots
 * keep the voter even in an anonymous vote, so a student can change theirs; only the responses hide who.
 */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chosen options' letters (A, B, …), as the original clients send them. */
    options: jsonb().$type<string[]>().notNull(),
    votedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The key leads with the activity, so counting one vote's ballots reads one range of it.
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
