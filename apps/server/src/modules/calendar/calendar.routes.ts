import {
  CalendarEventsQuerySchema,
  CalendarEventsResponseSchema,
} from '@lectern/contracts/calendar/calendar.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { calendarService } from './calendar.service.ts';

const tags = ['calendar'];

/** The user's calendar: dated moments of the activities of all their courses. */
export function registerCalendarRoutes(app: Api, ctx: AppContext): void {
  const calendar = calendarService(ctx);

  app.get(
    '/api/calendar/events',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: CalendarEventsQuerySchema,
        response: { 200: CalendarEventsResponseSchema },
      },
    },
    async (request) => calendar.events(actorOf(request), request.query),
  );
}
