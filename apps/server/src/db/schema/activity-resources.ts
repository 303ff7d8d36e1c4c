import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { uploadReferences } from './uploads.ts';

/**
 * How often each member viewed and downloaded each activity resource (an upload reference with parent
 * type `activity_resource`): one row per resource and user, counted up in place, so the teaching team's
 * statistics are one grouped read. Goes with the reference when the resource is taken off.
 */
export const activityResourceVisits = pgTable(
  'activity_resource_visits',
  {
    referenceId: integer()
      .notNull()
      .references(() => uploadReferences.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewCount: integer().notNull().default(0),
    downloadCount: integer().notNull().default(0),
    lastVisitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referenceId, t.userId] })],
);
