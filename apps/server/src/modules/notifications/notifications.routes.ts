import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  NotificationSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from '@lectern/contracts/notifications/notifications.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { notificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** The signed-in user's in-app notifications (the bell). */
export function registerNotificationsRoutes(app: Api, ctx: AppContext): void {
  const notifications = notificationsService(ctx);

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: { tags, querystring: NotificationsQuerySchema, response: { 200: NotificationsResponseSchema } },
    },
    async (request) => notifications.list(actorOf(request), request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { access: 'user' }, schema: { tags, response: { 200: UnreadCountResponseSchema } } },
    async (request) => notifications.unreadCount(actorOf(request)),
  );

  app.put(
    '/api/notifications/read-all',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: { tags, response: { 200: UnreadCountResponseSchema } },
    },
    async (request) => notifications.markAllRead(actorOf(request)),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: NotificationSchema } },
    },
    async (request) => notifications.markRead(actorOf(request), request.params.id),
  );
}
