import {
  NotificationPayloadSchema,
  type Notification,
  type NotificationsResponse,
  type UnreadCountResponse,
} from '@lectern/contracts/notifications/notifications.schemas';
import { pageMeta, type PageQuery } from '@lectern/contracts/common/pagination.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { readerOf } from './notifications.policy.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  courseNames,
  insertNotifications,
  notificationsRepository,
  type NewNotification,
} from './notifications.repository.ts';

export type { NewNotification } from './notifications.repository.ts';

/**
 * The one way other modules notify users: call it with the transaction that makes the change it announces
 * (a redo, a reminder, a make-up window, published scores), so both commit or neither does. At most one
 * read (course names), then bulk inserts: no per-reader query.
 */
export async function createNotifications(tx: Executor, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  // The course's name shows under each notification; callers rarely have it at hand, so one query
  // fills it in for all of them.
  const missing = [
    ...new Set(items.flatMap((i) => (i.courseId !== null && !i.payload.course_name ? [i.courseId] : []))),
  ];
  const names = await courseNames(tx, missing);
  await insertNotifications(
    tx,
    items.map((item) => {
      const courseName = item.courseId === null ? undefined : names.get(item.courseId);
      // A payload the readers' lists could not serve is a caller's bug: refuse it before it is stored.
      const payload = NotificationPayloadSchema.parse(
        courseName && !item.payload.course_name ? { ...item.payload, course_name: courseName } : item.payload,
      );
      return { ...item, payload };
    }),
  );
}

export function notificationsService(ctx: AppContext) {
  const repo = notificationsRepository(ctx.db);

  return {
    async list(actor: Actor, query: PageQuery): Promise<NotificationsResponse> {
      const userId = readerOf(actor);
      const [rows, counts] = await Promise.all([
        repo.listForUser(userId, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
        repo.countsForUser(userId),
      ]);
      return {
        ...pageMeta(query, counts.total),
        notifications: rows.map(presentNotification),
        unread_count: counts.unread,
      };
    },

    async unreadCount(actor: Actor): Promise<UnreadCountResponse> {
      return { unread_count: await repo.countUnread(readerOf(actor)) };
    },

    async markRead(actor: Actor, id: number): Promise<Notification> {
      const row = await repo.markRead(readerOf(actor), id);
      if (!row) throw notFound();
      return presentNotification(row);
    },

    async markAllRead(actor: Actor): Promise<UnreadCountResponse> {
      await repo.markAllRead(readerOf(actor));
      return { unread_count: 0 };
    },
  };
}
