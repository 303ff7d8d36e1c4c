import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  AuditReferenceSchema,
  CourseResourceAuditQuerySchema,
  CourseResourceAuditResponseSchema,
  ResourceAuditCoursesQuerySchema,
  ResourceAuditCoursesResponseSchema,
  ResourceAuditParamsSchema,
  ResourceAuditVerdictSchema,
  ShareToCoursesResponseSchema,
  ShareToCoursesSchema,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import {
  CourseSharedFilesQuerySchema,
  CourseSharedFilesResponseSchema,
  SharedFileParamsSchema,
} from '@lectern/contracts/course-services/shared-files.schemas';
import {
  StudentStatsQuerySchema,
  StudentStatsResponseSchema,
} from '@lectern/contracts/course-services/student-stats.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { resourceAuditService } from './resource-audit.service.ts';
import { sharedFilesService } from './shared-files.service.ts';
import { studentStatsService } from './student-stats.service.ts';

const tags = ['course-services'];

/**
 * Review of the files courses use, instructors sharing files to the courses they teach (and the list of
 * a course's shared files its members read), and the statistics of the students of several courses (the
 * statistics pages' calls).
 */
export function registerResourceAuditRoutes(app: Api, ctx: AppContext): void {
  const audits = resourceAuditService(ctx);
  const studentStats = studentStatsService(ctx);
  const sharedFiles = sharedFilesService(ctx);

  app.get(
    '/api/courses/tpdoe/stat-students',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: StudentStatsQuerySchema,
        response: { 200: StudentStatsResponseSchema },
      },
    },
    async (request) => studentStats.stats(actorOf(request), request.query),
  );

  app.get(
    '/api/courses/statistic/resource-audit',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        querystring: ResourceAuditCoursesQuerySchema,
        response: { 200: ResourceAuditCoursesResponseSchema },
      },
    },
    async (request) => audits.courses(actorOf(request), request.query),
  );

  app.get(
    '/api/courses/:id/resource-audit',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CourseResourceAuditQuerySchema,
        response: { 200: CourseResourceAuditResponseSchema },
      },
    },
    async (request) => audits.references(actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/courses/:id/resource-audit/:uploadId',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: ResourceAuditParamsSchema,
        body: ResourceAuditVerdictSchema,
        response: { 200: AuditReferenceSchema },
      },
    },
    async (request) =>
      audits.review(actorOf(request), request.params.id, request.params.uploadId, request.body),
  );

  app.post(
    '/api/uploads/share-to-courses',
    {
      config: { access: 'user' },
      schema: { tags, body: ShareToCoursesSchema, response: { 200: ShareToCoursesResponseSchema } },
    },
    async (request) => audits.share(actorOf(request), request.body),
  );

  app.get(
    '/api/courses/:id/shared-files',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CourseSharedFilesQuerySchema,
        response: { 200: CourseSharedFilesResponseSchema },
      },
    },
    async (request) => sharedFiles.list(actorOf(request), request.params.id, request.query),
  );

  app.delete(
    '/api/courses/:id/shared-files/:uploadId',
    {
      config: { access: 'user' },
      schema: { tags, params: SharedFileParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => sharedFiles.unshare(actorOf(request), request.params.id, request.params.uploadId),
  );
}
