import {
  compareCalendarEvents,
  type CalendarEvent,
  type CalendarEventKind,
  type CalendarEventsQuery,
  type CalendarEventsResponse,
} from '@lectern/contracts/calendar/calendar.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityScopeOf } from '../activities/activity-scope.ts';
import { calendarRepository, type DatedActivityRow } from './calendar.repository.ts';

/** The moments of one activity that fall in [start, end), as events. */
export function eventsOf(
  row: DatedActivityRow,
  courseName: string,
  start: number,
  end: number,
): CalendarEvent[] {
  const lateEnd = row.lateEndTime === null ? null : new Date(row.lateEndTime);
  const moments: [CalendarEventKind, Date | null][] = [
    ['start', row.startTime],
    ['end', row.endTime],
    ['late_end', lateEnd && !Number.isNaN(lateEnd.getTime()) ? lateEnd : null],
  ];
  return moments.flatMap(([kind, at]) =>
    at && at.getTime() >= start && at.getTime() < end
      ? [
          {
            kind,
            time: at.toISOString(),
            activity_id: row.id,
            activity_type: row.type,
            title: row.title,
            published: row.published,
            start_time: row.startTime?.toISOString() ?? null,
            end_time: row.endTime?.toISOString() ?? null,
            course_id: row.courseId,
            course_name: courseName,
          },
        ]
      : [],
  );
}

export function calendarService(ctx: AppContext) {
  const repo = calendarRepository(ctx.db);

  return {
    /**
     * `GET /api/calendar/events`: the dated moments of the activities in every course the caller belongs
     * to, in two queries whatever the number of courses: their memberships (from which the course policy
     * decides, per course, whether drafts show), then the activities in range.
     */
    async events(actor: Actor, query: CalendarEventsQuery): Promise<CalendarEventsResponse> {
      const courses = await repo.memberCourses(actor.userId, actor.orgId);
      const scope = activityScopeOf(actor, courses);
      const start = new Date(query.start);
      const end = new Date(query.end);
      const rows = await repo.datedActivities(scope, start, end);
      const names = new Map(courses.map((c) => [c.courseId, c.name]));
      const events = rows.flatMap((row) =>
        eventsOf(row, names.get(row.courseId) ?? '', start.getTime(), end.getTime()),
      );
      return { events: events.sort(compareCalendarEvents) };
    },
  };
}
