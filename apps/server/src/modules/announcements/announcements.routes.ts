import {
  AnnouncementDeletedResponseSchema,
  AnnouncementInputSchema,
  AnnouncementSchema,
  AnnouncementsResponseSchema,
  CourseAnnouncementsParamsSchema,
  CourseBulletinsQuerySchema,
  CourseBulletinsResponseSchema,
  OrgAnnouncementsResponseSchema,
} from '@lectern/contracts/announcements/announcements.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { announcementsService } from './announcements.service.ts';

const tags = ['announcements'];

/**
 * Course announcements by the teaching team and organisation-wide ones by administrators, with each
 * reader's read state; plus the two calls the original system's clients make (`course-bulletins`,
 * `announcement`). Who may do what is decided in announcements.policy.ts.
 */
export function registerAnnouncementsRoutes(app: Api, ctx: AppContext): void {
  const announcements = announcementsService(ctx);

  app.get(
    '/api/courses/:courseId/announcements',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseAnnouncementsParamsSchema,
        response: { 200: AnnouncementsResponseSchema },
      },
    },
    async (request) => announcements.listCourse(actorOf(request), request.params.courseId),
  );

  app.post(
    '/api/courses/:courseId/announcements',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseAnnouncementsParamsSchema,
        body: AnnouncementInputSchema,
        response: { 201: AnnouncementSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.createForCourse(actorOf(request), request.params.courseId, request.body)),
  );

  app.get(
    '/api/org-announcements',
    { config: { access: 'user' }, schema: { tags, response: { 200: OrgAnnouncementsResponseSchema } } },
    async (request) => announcements.listOrg(actorOf(request)),
  );

  app.post(
    '/api/org-announcements',
    {
      config: { access: 'org_admin' },
      schema: { tags, body: AnnouncementInputSchema, response: { 201: AnnouncementSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await announcements.createForOrg(actorOf(request), request.body)),
  );

  app.get(
    '/api/announcements/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AnnouncementSchema } },
    },
    async (request) => announcements.get(actorOf(request), request.params.id),
  );

  app.put(
    '/api/announcements/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AnnouncementInputSchema,
        response: { 200: AnnouncementSchema },
      },
    },
    async (request) => announcements.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/announcements/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AnnouncementDeletedResponseSchema } },
    },
    async (request) => announcements.remove(actorOf(request), request.params.id),
  );

  app.put(
    '/api/announcements/:id/read',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: { tags, params: IdParamsSchema, response: { 200: AnnouncementSchema } },
    },
    async (request) => announcements.markRead(actorOf(request), request.params.id),
  );

  // The original system's clients: a course's bulletins, and the organisation's notices.
  app.get(
    '/api/course-bulletins',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: CourseBulletinsQuerySchema,
        response: { 200: CourseBulletinsResponseSchema },
      },
    },
    async (request) => announcements.courseBulletins(actorOf(request), request.query.course_id),
  );

  app.get(
    '/api/announcement',
    { config: { access: 'user' }, schema: { tags, response: { 200: OrgAnnouncementsResponseSchema } } },
    async (request) => announcements.listOrg(actorOf(request)),
  );
}
