import { createHash, randomBytes } from 'node:crypto';
import { calendarEventLink } from '@lectern/contracts/calendar/calendar.schemas';
import {
  CALENDAR_FEED_FILE,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@lectern/contracts/course-services/calendar-feed.schemas';
import { DEFAULT_LOCALE } from '@lectern/contracts/common/locale';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityScopeOf } from '../activities/activity-scope.ts';
import { calendarFeedRepository } from './calendar-feed.repository.ts';
import { buildCalendar, type IcsEvent } from './calendar-feed.ics.ts';
import { calendarRepository } from './calendar.repository.ts';
import { eventsOf } from './calendar.service.ts';

const DAY_MS = 86_400_000;
/** What a feed holds: recent past for context, and the coming half year. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 180;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function calendarFeedService(ctx: AppContext) {
  const repo = calendarFeedRepository(ctx.db);
  const calendar = calendarRepository(ctx.db);
  // Links back into the app need its public address; without one the events carry none.
  const publicUrl = ctx.config.sso.publicUrl;

  return {
    async status(actor: Actor): Promise<CalendarFeedStatus> {
      const row = await repo.find(actor.userId);
      return { active: row !== undefined, created_at: row?.createdAt.toISOString() ?? null };
    },

    /** A new secret URL for the caller; the previous one, if any, stops working. */
    async create(actor: Actor): Promise<CalendarFeedCreated> {
      const token = randomBytes(32).toString('base64url');
      const row = await repo.replace(actor.userId, hashToken(token));
      return {
        active: true,
        created_at: row.createdAt.toISOString(),
        path: `/api/calendar/feed/${token}.ics`,
      };
    },

    async revoke(actor: Actor): Promise<void> {
      await repo.revoke(actor.userId);
    },

    /**
     * The feed behind a token, as the same dated moments the calendar page shows, as its owner sees them
     * now (a course left since means its activities leave the feed). An unknown or revoked token is 404.
     */
    async feed(tokenFile: string, now = new Date()): Promise<string> {
      const token = CALENDAR_FEED_FILE.exec(tokenFile)?.[1];
      const owner = token === undefined ? undefined : await repo.ownerOf(hashToken(token));
      if (!owner) throw notFound('courseServices.feedNotFound');
      const actor: Actor = {
        userId: owner.userId,
        orgId: owner.orgId,
        orgRole: owner.orgRole,
        sessionId: null,
        simulatingCourseId: null,
        locale: DEFAULT_LOCALE,
      };
      const start = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
      const end = new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS);
      const courses = await calendar.memberCourses(actor.userId, actor.orgId);
      const rows = await calendar.datedActivities(activityScopeOf(actor, courses), start, end);
      const names = new Map(courses.map((c) => [c.courseId, c.name]));
      const events: IcsEvent[] = rows
        .flatMap((row) => eventsOf(row, names.get(row.courseId) ?? '', start.getTime(), end.getTime()))
        .map((event) => {
          const at = new Date(event.time);
          // A live lesson or exam that starts here lasts its window; deadlines are points.
          const windowEnd =
            event.kind === 'start' && event.end_time ? new Date(event.end_time) : new Date(at.getTime());
          return {
            uid: `${event.activity_id}-${event.kind}@lectern`,
            start: at,
            end: windowEnd.getTime() > at.getTime() ? windowEnd : at,
            summary: event.title,
            description: event.course_name,
            url: publicUrl ? new URL(calendarEventLink(event), publicUrl).href : null,
            categories: [event.activity_type, event.kind],
          };
        });
      return buildCalendar({ name: 'Lectern', now, events });
    },
  };
}
