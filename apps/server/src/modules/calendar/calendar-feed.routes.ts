import {
  CalendarFeedCreatedSchema,
  CalendarFeedParamsSchema,
  CalendarFeedStatusSchema,
} from '@lectern/contracts/course-services/calendar-feed.schemas';
import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { calendarFeedService } from './calendar-feed.service.ts';

const tags = ['calendar'];

/** The user's iCalendar feed: a secret URL calendar apps poll without a session, revocable. */
export function registerCalendarFeedRoutes(app: Api, ctx: AppContext): void {
  const feeds = calendarFeedService(ctx);

  app.get(
    '/api/calendar/feed',
    {
      config: { access: 'user', sessionOnly: true },
      schema: { tags, response: { 200: CalendarFeedStatusSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feeds.status(actorOf(request));
    },
  );

  app.post(
    '/api/calendar/feed',
    {
      config: { access: 'user', sessionOnly: true },
      schema: { tags, response: { 200: CalendarFeedCreatedSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feeds.create(actorOf(request));
    },
  );

  app.delete(
    '/api/calendar/feed',
    {
      config: { access: 'user', sessionOnly: true },
      schema: { tags, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await feeds.revoke(actorOf(request));
      return { ok: true as const };
    },
  );

  // The token is the credential: calendar apps send no cookie.
  app.get(
    '/api/calendar/feed/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The iCalendar (RFC 5545) feed behind a secret token; 404 once revoked.',
        params: CalendarFeedParamsSchema,
      },
    },
    async (request, reply) => {
      const body = await feeds.feed(request.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="lectern.ics"')
        .send(body);
    },
  );
}
