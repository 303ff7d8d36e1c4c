import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationPayload,
  NotificationType,
} from '@lectern/contracts/notifications/notifications.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseNotDeleted, courses } from '../../db/schema/courses.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = Readonly<{
  userId: number;
  orgId: number;
  type: NotificationType;
  courseId: number | null;
  activityId: number | null;
  payload: NotificationPayload;
}>;

/** Rows per insert statement: 7 parameters each keeps a statement far below PostgreSQL's 65 535. */
const INSERT_CHUNK = 1000;

/** A notification about something now in a recycle bin is hidden until it is restored (decision 0015). */
const targetNotDeleted = sql`(${notifications.activityId} is null or exists (select 1 from ${activities} where ${activities.id} = ${notifications.activityId} and ${activityNotDeleted}))
  and (${notifications.courseId} is null or exists (select 1 from ${courses} where ${courses.id} = ${notifications.courseId} and ${courseNotDeleted}))`;

/** One statement per thousand readers, in the caller's transaction; nothing is read back. */
export async function insertNotifications(tx: Executor, items: readonly NewNotification[]): Promise<void> {
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    await tx
      .insert(notifications)
      .values(items.slice(start, start + INSERT_CHUNK).map((item) => ({ ...item })));
  }
}

/** Names of these courses, in one query. */
export async function courseNames(tx: Executor, courseIds: readonly number[]): Promise<Map<number, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(inArray(courses.id, [...courseIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function notificationsRepository(db: Database) {
  return {
    async listForUser(
      userId: number,
      page: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<NotificationRow[]> {
      return tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), targetNotDeleted))
        .orderBy(desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** The reader's total and unread count in one pass over their index range. */
    async countsForUser(userId: number, tx: Executor = db): Promise<{ total: number; unread: number }> {
      const [row] = await tx
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), targetNotDeleted));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async countUnread(userId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), targetNotDeleted));
      return row?.n ?? 0;
    },

    /** Marks one of the reader's notifications read (keeping the first read time); null when not theirs. */
    async markRead(userId: number, id: number, tx: Executor = db): Promise<NotificationRow | null> {
      const [row] = await tx
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row ?? null;
    },

    async markAllRead(userId: number, tx: Executor = db): Promise<void> {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
  };
}
