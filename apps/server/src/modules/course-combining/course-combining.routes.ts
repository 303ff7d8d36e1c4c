import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  AssignActivityToModuleRequestSchema,
  AssignActivityToModuleResponseSchema,
  AssignSubCoursesRequestSchema,
  AssignSubCoursesResponseSchema,
  CombinableCoursesQuerySchema,
  CombinableCoursesResponseSchema,
  CombineContentsRequestSchema,
  CombineContentsResponseSchema,
  CombineCoursesRequestSchema,
  CombineCoursesResponseSchema,
  CombineSubCoursesResponseSchema,
  CourseSubCoursesResponseSchema,
  CoursesToMergeResponseSchema,
  InspectResponseSchema,
  SubCourseFieldsQuerySchema,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { courseCombiningService } from './course-combining.service.ts';

const tags = ['course-combining'];

/** Combining courses (spec 001 "Combine courses"), at the paths the original clients call. */
export function registerCourseCombiningRoutes(app: Api, ctx: AppContext): void {
  const combining = courseCombiningService(ctx);

  app.post(
    '/api/combine-courses',
    {
      config: { access: 'user' },
      schema: { tags, body: CombineCoursesRequestSchema, response: { 200: CombineCoursesResponseSchema } },
    },
    async (request) => combining.combine(actorOf(request), request.body),
  );

  app.get(
    '/api/combine-courses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: CombinableCoursesQuerySchema,
        response: { 200: CombinableCoursesResponseSchema },
      },
    },
    async (request) => combining.combinable(actorOf(request), request.query),
  );

  app.post(
    '/api/combine-courses/:id/combine-contents',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CombineContentsRequestSchema,
        response: { 200: CombineContentsResponseSchema },
      },
    },
    async (request) => combining.combineContents(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/combine-courses/:id/courses-to-merged',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: CoursesToMergeResponseSchema } },
    },
    async (request) => combining.coursesToMerge(actorOf(request), request.params.id),
  );

  app.get(
    '/api/combine-courses/:id/sub-courses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: SubCourseFieldsQuerySchema,
        response: { 200: CombineSubCoursesResponseSchema },
      },
    },
    async (request) => {
      const subCourses = await combining.subCourses(actorOf(request), request.params.id);
      const fields = request.query.fields;
      if (!fields) return { subCourses };
      return {
        subCourses: subCourses.map(
          (course) =>
            Object.fromEntries(Object.entries(course).filter(([key]) => key === 'id' || fields.has(key))) as {
              id: number;
            },
        ),
      };
    },
  );

  app.get(
    '/api/courses/:id/sub-courses',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: CourseSubCoursesResponseSchema } },
    },
    async (request) => combining.courseSubCourses(actorOf(request), request.params.id),
  );

  app.put(
    '/api/courses/inspect-child/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: InspectResponseSchema } },
    },
    async (request) => combining.inspectChild(actorOf(request), request.params.id),
  );

  app.post(
    '/api/courses/:id/assign-activity-to-module',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AssignActivityToModuleRequestSchema,
        response: { 200: AssignActivityToModuleResponseSchema },
      },
    },
    async (request) => combining.assignToModule(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/courses/:id/inspect',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: InspectResponseSchema } },
    },
    async (request) => combining.inspect(actorOf(request), request.params.id),
  );

  app.put(
    '/api/activities/:id/sub-courses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AssignSubCoursesRequestSchema,
        response: { 200: AssignSubCoursesResponseSchema },
      },
    },
    async (request) => combining.assignSubCourses(actorOf(request), request.params.id, request.body),
  );
}
