import { OkResponseSchema, IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CourseEstimateRepliesResponseSchema,
  CreateEstimateReplyRequestSchema,
  CreateEstimateRequestSchema,
  EstimateRepliesResponseSchema,
  EstimateReplyResponseSchema,
  EstimateResponseSchema,
  EstimatesQuerySchema,
  EstimatesResponseSchema,
  UpdateEstimateRequestSchema,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import {
  RegistrationStateResponseSchema,
  SaveRegistrationSettingsRequestSchema,
} from '@lectern/contracts/course-services/course-registration.schemas';
import {
  SaveTeachingEntryRequestSchema,
  TeachingCalendarSearchQuerySchema,
  TeachingCalendarSearchResponseSchema,
  TeachingCalendarsResponseSchema,
  TeachingEntryResponseSchema,
  TeachingWeeksQuerySchema,
  TeachingWeeksResponseSchema,
  TimetablesQuerySchema,
  TimetablesResponseSchema,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import {
  DownloadPrintPermissionSchema,
  DownloadPrintQuerySchema,
  SaveDownloadPrintRequestSchema,
} from '@lectern/contracts/course-services/download-print-permissions.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerCalendarFeedRoutes } from '../calendar/calendar-feed.routes.ts';
import { courseEstimatesService } from './course-estimates.service.ts';
import { courseRegistrationService } from './course-registration.service.ts';
import { downloadPrintService } from './download-print-permissions.service.ts';
import { registerCourseOverviewStatsRoutes } from './course-overview-stats.routes.ts';
import { registerExtensionAppsRoutes } from './extension-apps.routes.ts';
import { registerResourceAuditRoutes } from './resource-audit.routes.ts';
import { teachingCalendarService } from './teaching-calendar.service.ts';

const tags = ['course-services'];
const user = { access: 'user' } as const;

/** Course services at the original clients' paths: teaching calendar, reviews, joining; and the iCal feed. */
export function registerCourseServicesRoutes(app: Api, ctx: AppContext): void {
  const calendars = teachingCalendarService(ctx);
  const estimates = courseEstimatesService(ctx);
  const registration = courseRegistrationService(ctx);
  const downloadPrint = downloadPrintService(ctx);

  registerCalendarFeedRoutes(app, ctx);
  registerResourceAuditRoutes(app, ctx);
  registerExtensionAppsRoutes(app, ctx);
  registerCourseOverviewStatsRoutes(app, ctx);

  // Teaching calendar
  app.get(
    '/api/org/:id/teaching-weeks',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: TeachingWeeksQuerySchema,
        response: { 200: TeachingWeeksResponseSchema },
      },
    },
    async (request) => calendars.weeks(actorOf(request), request.params.id, request.query.semester_id),
  );
  app.get(
    '/api/courses/:id/timetables',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: TimetablesQuerySchema,
        response: { 200: TimetablesResponseSchema },
      },
    },
    async (request) => calendars.timetables(actorOf(request), request.params.id, request.query.current_date),
  );
  app.get(
    '/api/course/:id/teaching-calendars',
    {
      config: user,
      schema: { tags, params: IdParamsSchema, response: { 200: TeachingCalendarsResponseSchema } },
    },
    async (request) => calendars.list(actorOf(request), request.params.id),
  );
  app.get(
    '/api/teaching-calendars',
    {
      config: user,
      schema: {
        tags,
        querystring: TeachingCalendarSearchQuerySchema,
        response: { 200: TeachingCalendarSearchResponseSchema },
      },
    },
    async (request) => calendars.search(actorOf(request), request.query),
  );
  app.post(
    '/api/course/:id/teaching-calendar',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveTeachingEntryRequestSchema,
        response: { 201: TeachingEntryResponseSchema },
      },
    },
    async (request, reply) => {
      const entry = await calendars.create(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ teaching_calendar: entry });
    },
  );
  app.put(
    '/api/teaching-calendar/:id',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveTeachingEntryRequestSchema,
        response: { 200: TeachingEntryResponseSchema },
      },
    },
    async (request) => ({
      teaching_calendar: await calendars.update(actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/teaching-calendar/:id',
    { config: user, schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      await calendars.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // Reviews ("estimates")
  app.get(
    '/api/course-estimates/:id',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: EstimatesQuerySchema,
        response: { 200: EstimatesResponseSchema },
      },
    },
    async (request) => estimates.list(actorOf(request), request.params.id, request.query),
  );
  app.post(
    '/api/course-estimate',
    {
      config: user,
      schema: { tags, body: CreateEstimateRequestSchema, response: { 201: EstimateResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send({ estimate: await estimates.create(actorOf(request), request.body) }),
  );
  app.put(
    '/api/course-estimates/:id',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateEstimateRequestSchema,
        response: { 200: EstimateResponseSchema },
      },
    },
    async (request) => ({
      estimate: await estimates.update(actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/course-estimate/:id/delete',
    { config: user, schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      await estimates.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/course-estimate-replies/:id',
    {
      config: user,
      schema: { tags, params: IdParamsSchema, response: { 200: EstimateRepliesResponseSchema } },
    },
    async (request) => estimates.replies(actorOf(request), request.params.id),
  );
  app.get(
    '/api/course-estimates-replies/:id',
    {
      config: user,
      schema: { tags, params: IdParamsSchema, response: { 200: CourseEstimateRepliesResponseSchema } },
    },
    async (request) => estimates.courseReplies(actorOf(request), request.params.id),
  );
  app.post(
    '/api/course-estimate-reply',
    {
      config: user,
      schema: {
        tags,
        body: CreateEstimateReplyRequestSchema,
        response: { 201: EstimateReplyResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ reply: await estimates.reply(actorOf(request), request.body) }),
  );
  app.put(
    '/api/course-estimate-reply/:id/delete',
    { config: user, schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      await estimates.removeReply(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  // Joining
  app.get(
    '/api/course/:id/registration-state',
    {
      config: user,
      schema: { tags, params: IdParamsSchema, response: { 200: RegistrationStateResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return registration.state(actorOf(request), request.params.id);
    },
  );
  // A GET that enrols (the original clients' path): refused when another site's page triggers it.
  app.get(
    '/api/course/:id/join',
    {
      config: { access: 'user', sameOriginOnly: true },
      schema: { tags, params: IdParamsSchema, response: { 200: RegistrationStateResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return registration.join(actorOf(request), request.params.id);
    },
  );
  app.put(
    '/api/course/:id/registration-settings',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveRegistrationSettingsRequestSchema,
        response: { 200: RegistrationStateResponseSchema },
      },
    },
    async (request) => registration.saveSettings(actorOf(request), request.params.id, request.body),
  );

  // Download and print permissions of the course's files (enforced where files are served: uploads).
  app.get(
    '/api/courses/:id/download-print-permissions',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: DownloadPrintQuerySchema,
        response: { 200: DownloadPrintPermissionSchema },
      },
    },
    async (request) => downloadPrint.get(actorOf(request), request.params.id, request.query.type),
  );
  app.put(
    '/api/courses/:id/download-print-permissions',
    {
      config: user,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveDownloadPrintRequestSchema,
        response: { 200: DownloadPrintPermissionSchema },
      },
    },
    async (request) => downloadPrint.save(actorOf(request), request.params.id, request.body),
  );
}
