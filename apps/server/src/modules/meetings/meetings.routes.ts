import {
  CalendarMeetingRequestSchema,
  ClassinJoinQuerySchema,
  ClassinWebcastQuerySchema,
  JoinMeetingResponseSchema,
  LarkAuthQuerySchema,
  MeetingActivityParamsSchema,
  MeetingStateResponseSchema,
  ParticipantsQuerySchema,
  ParticipantsResponseSchema,
  CalendarMeetingResponseSchema,
  LarkCallbackQuerySchema,
  TencentActivitiesRequestSchema,
  TencentActivitiesResponseSchema,
  TencentBindingRequestSchema,
  TencentBindingResponseSchema,
  VendorMeetingResponseSchema,
  TimePeriodsQuerySchema,
  TimePeriodsResponseSchema,
  UrlResponseSchema,
  VendorAuthResponseSchema,
  WatchStatsResponseSchema,
} from '@lectern/contracts/meetings/meetings.schemas';
import { z } from 'zod';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { meetingVendorsService } from './meeting-vendors.service.ts';
import { meetingsService } from './meetings.service.ts';

const tags = ['meetings'];
const JoinRequestSchema = z.object({ sub_meeting_id: z.string().max(128).optional() }).optional();

/** Third-party meeting activities at the original clients' paths (spec 001 §7, spec 000 §7). */
export function registerMeetingsRoutes(app: Api, ctx: AppContext): void {
  const meetings = meetingsService(ctx);
  const vendors = meetingVendorsService(ctx);

  app.get(
    '/api/activities/:id/meeting',
    {
      config: { access: 'user' },
      schema: { tags, params: MeetingActivityParamsSchema, response: { 200: MeetingStateResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetings.state(actorOf(request), request.params.id);
    },
  );

  app.post(
    '/api/activities/:id/meeting/join',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MeetingActivityParamsSchema,
        body: JoinRequestSchema,
        response: { 200: JoinMeetingResponseSchema },
      },
    },
    async (request) => meetings.join(actorOf(request), request.params.id, request.body?.sub_meeting_id),
  );

  app.get(
    '/api/activities/:id/meeting/participant',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MeetingActivityParamsSchema,
        querystring: ParticipantsQuerySchema,
        response: { 200: ParticipantsResponseSchema },
      },
    },
    async (request) => meetings.participants(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/dingtalk-lives/:id/watch-stats',
    {
      config: { access: 'user' },
      schema: { tags, params: MeetingActivityParamsSchema, response: { 200: WatchStatsResponseSchema } },
    },
    async (request) => meetings.watchStats(actorOf(request), request.params.id),
  );

  // "activies" (sic) is the path the original clients call.
  app.get(
    '/api/activies/classin/join-url',
    {
      config: { access: 'user' },
      schema: { tags, querystring: ClassinJoinQuerySchema, response: { 200: UrlResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetings.classinJoinUrl(actorOf(request), request.query);
    },
  );

  app.get(
    '/api/activities/classin/webcast-url',
    {
      config: { access: 'user' },
      schema: { tags, querystring: ClassinWebcastQuerySchema, response: { 200: UrlResponseSchema } },
    },
    async (request) => meetings.classinWebcastUrl(actorOf(request), request.query),
  );

  app.get(
    '/api/lark/authorization/check',
    {
      config: { access: 'user' },
      schema: { tags, querystring: LarkAuthQuerySchema, response: { 200: VendorAuthResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return vendors.vendorAuth(actorOf(request), 'lark', request.query.state);
    },
  );

  // Lark sends the browser here from its consent page: a top-level navigation that carries the session
  // cookie (SameSite=Lax); the answer is a redirect back into the app, never JSON.
  app.get(
    '/api/lark/authorization/callback',
    { config: { access: 'user', sessionOnly: true }, schema: { tags, querystring: LarkCallbackQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await vendors.larkCallback(actorOf(request), request.query), 302);
    },
  );

  app.get(
    '/api/tencent_meeting/check-user-auth',
    { config: { access: 'user' }, schema: { tags, response: { 200: VendorAuthResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return vendors.vendorAuth(actorOf(request), 'tencent');
    },
  );

  app.get(
    '/api/tencent_meeting/user-binding',
    { config: { access: 'user' }, schema: { tags, response: { 200: TencentBindingResponseSchema } } },
    async (request) => vendors.tencentBinding(actorOf(request)),
  );

  app.put(
    '/api/tencent_meeting/user-binding',
    {
      config: { access: 'user' },
      schema: { tags, body: TencentBindingRequestSchema, response: { 200: TencentBindingResponseSchema } },
    },
    async (request) => vendors.bindTencent(actorOf(request), request.body.userid),
  );

  app.delete(
    '/api/tencent_meeting/user-binding',
    { config: { access: 'user' }, schema: { tags, response: { 200: TencentBindingResponseSchema } } },
    async (request) => vendors.unbindTencent(actorOf(request)),
  );

  app.post(
    '/api/courses/tencent-meeting/activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: TencentActivitiesRequestSchema,
        response: { 200: TencentActivitiesResponseSchema },
      },
    },
    async (request) => vendors.tencentActivities(actorOf(request), request.body),
  );

  app.post(
    '/api/activities/:id/meeting/vendor',
    {
      config: { access: 'user' },
      schema: { tags, params: MeetingActivityParamsSchema, response: { 200: VendorMeetingResponseSchema } },
    },
    async (request) => vendors.createVendorMeeting(actorOf(request), request.params.id),
  );

  app.post(
    '/api/calendar-meeting',
    {
      config: { access: 'user' },
      schema: { tags, body: CalendarMeetingRequestSchema, response: { 200: CalendarMeetingResponseSchema } },
    },
    async (request) => vendors.calendarMeeting(actorOf(request), request.body),
  );

  app.get(
    '/api/activities/:id/meeting/invite.ics',
    { config: { access: 'user' }, schema: { tags, params: MeetingActivityParamsSchema } },
    async (request, reply) => {
      const ics = await vendors.calendarInvite(actorOf(request), request.params.id);
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="meeting-${request.params.id}.ics"`)
        .header('cache-control', 'no-store');
      return ics;
    },
  );

  app.get(
    '/api/meeting/week/time-periods',
    {
      config: { access: 'user' },
      schema: { tags, querystring: TimePeriodsQuerySchema, response: { 200: TimePeriodsResponseSchema } },
    },
    async (request) => vendors.timePeriods(request.query.meeting_type),
  );
}
