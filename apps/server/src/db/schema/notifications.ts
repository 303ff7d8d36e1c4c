import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  NotificationPayload,
  NotificationType,
} from '@lectern/contracts/notifications/notifications.schemas';
import { activities } from './activities.ts';
import { courses } from './courses.ts';
import { orgs, users } from './identity.ts';

/**
 * In-app notifications, one row per reader. Written by other modules inside their own transactions
 * (notifications.service createNotifications), so a notification exists exactly when what it announces does.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    type: text().$type<NotificationType>().notNull(),
    courseId: integer().references(() => courses.id, { onDelete: 'cascade' }),
    activityId: integer().references(() => activities.id, { onDelete: 'cascade' }),
    payload: jsonb().$type<NotificationPayload>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The bell counts a reader's unread rows and the list pages them newest first: both walk this index.
  (t) => [index('notifications_user_read_idx').on(t.userId, t.readAt, t.id)],
);
