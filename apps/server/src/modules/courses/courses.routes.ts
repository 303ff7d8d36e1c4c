import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CourseFieldsQuerySchema,
  CourseSchema,
  CourseSelectionSchema,
  CreateCourseRequestSchema,
  CurrentSemesterInfoSchema,
  MyCoursesQuerySchema,
  MyCoursesRequestSchema,
  MyCoursesResponseSchema,
  MySemestersResponseSchema,
  RecentlyVisitedCoursesResponseSchema,
  SimulateRequestSchema,
  SimulateResponseSchema,
  UpdateCourseRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { sendJson } from '../../platform/http/send-json.ts';
import { coursesService } from './courses.service.ts';
import { registerGroupSetsRoutes } from './group-sets.routes.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { registerOutlineRoutes } from './outline.routes.ts';
import { registerRecycleBinRoutes } from './recycle-bin.routes.ts';

const tags = ['courses'];

export function registerCoursesRoutes(app: Api, ctx: AppContext): void {
  const courses = coursesService(ctx);

  app.post(
    '/api/course',
    {
      config: { access: 'user' },
      schema: { tags, body: CreateCourseRequestSchema, response: { 201: CourseSchema } },
    },
    async (request, reply) => reply.status(201).send(await courses.create(actorOf(request), request.body)),
  );

  // The original clients use both spellings.
  for (const url of ['/api/courses/:id', '/api/course/:id']) {
    app.get(
      url,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: CourseFieldsQuerySchema,
          response: { 200: CourseSelectionSchema },
        },
      },
      async (request, reply) => {
        const { fields } = request.query;
        if (fields) return courses.get(actorOf(request), request.params.id, fields);
        return sendJson(reply, await courses.getJson(actorOf(request), request.params.id));
      },
    );
  }

  app.put(
    '/api/courses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateCourseRequestSchema,
        response: { 200: CourseSchema },
      },
    },
    async (request) => courses.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/courses/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await courses.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/my-courses',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: { tags, body: MyCoursesRequestSchema, response: { 200: MyCoursesResponseSchema } },
    },
    async (request) => courses.myCourses(actorOf(request), request.body),
  );

  // The original clients read their courses with a GET and the filters in the query string.
  app.get(
    '/api/my-courses',
    {
      config: { access: 'user' },
      schema: { tags, querystring: MyCoursesQuerySchema, response: { 200: MyCoursesResponseSchema } },
    },
    async (request) => courses.myCourses(actorOf(request), request.query),
  );

  app.get(
    '/api/users/:id/courses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: MyCoursesQuerySchema,
        response: { 200: MyCoursesResponseSchema },
      },
    },
    async (request) => courses.userCourses(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/user/recently-visited-courses',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: RecentlyVisitedCoursesResponseSchema } },
    },
    async (request) => ({ visited_courses: await courses.recentlyVisited(actorOf(request)) }),
  );

  app.get(
    '/api/current-semester-info',
    { config: { access: 'user' }, schema: { tags, response: { 200: CurrentSemesterInfoSchema } } },
    async (request) => courses.currentSemester(actorOf(request)),
  );

  app.get(
    '/api/my-semesters',
    { config: { access: 'user' }, schema: { tags, response: { 200: MySemestersResponseSchema } } },
    async (request) => ({ semesters: await courses.mySemesters(actorOf(request)) }),
  );

  app.post(
    '/api/courses/:id/simulate',
    {
      config: { access: 'user', sessionOnly: true, allowWhileSimulating: true },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SimulateRequestSchema,
        response: { 200: SimulateResponseSchema },
      },
    },
    async (request) => ({
      simulating_course_id: await courses.simulate(
        actorOf(request),
        request.params.id,
        request.body.simulating,
      ),
    }),
  );

  app.delete(
    '/api/courses/:id/preview',
    {
      config: { access: 'user', sessionOnly: true, allowWhileSimulating: true },
      schema: { tags, params: IdParamsSchema, response: { 200: SimulateResponseSchema } },
    },
    async (request) => ({
      simulating_course_id: await courses.endPreview(actorOf(request), request.params.id),
    }),
  );

  registerOutlineRoutes(app, ctx);
  registerMembersRoutes(app, ctx);
  registerGroupSetsRoutes(app, ctx);
  registerRecycleBinRoutes(app, ctx);
}
