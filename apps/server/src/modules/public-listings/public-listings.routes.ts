import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ClassificationBodySchema,
  ClassificationListResponseSchema,
  ClassificationSchema,
  CoursePublicSettingsResponseSchema,
  CoursePublicSettingsSchema,
  CurriculumAdminListSchema,
  CurriculumAdminSchema,
  CurriculumBodySchema,
  CurriculumDetailSchema,
  CurriculumListQuerySchema,
  CurriculumListResponseSchema,
  CurriculumStatsSchema,
  PublicCatalogResponseSchema,
  PublicCourseDetailSchema,
  PublicCourseListQuerySchema,
  PublicCourseListResponseSchema,
  PublicCourseStatsSchema,
  PublicCourseSummarySchema,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import {
  LiveActivitiesQuerySchema,
  LiveActivitiesResponseSchema,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import {
  CourseEstimateRepliesResponseSchema,
  EstimatesQuerySchema,
  EstimatesResponseSchema,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import { RegistrationStateResponseSchema } from '@lectern/contracts/course-services/course-registration.schemas';
import { HotTopicsResponseSchema } from '@lectern/contracts/discussions/discussions.schemas';
import {
  TypicalMistakesQuerySchema,
  TypicalMistakesSchema,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import type { FastifyRequest } from 'fastify';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { Reader } from './public-course-visibility.ts';
import { registerCourseVideoRoutes } from './course-video.routes.ts';
import { publicListingsService } from './public-listings.service.ts';

const tags = ['public-listings'];

/**
 * The original clients read the same public data under `/api/...` when signed in and under
 * `/anonymous-api/...` when not. Under the anonymous prefix the caller is always treated as anonymous, so
 * the answer is exactly what the world may see whatever cookie comes along.
 */
const PREFIXES = [
  { prefix: '/api', reader: (request: FastifyRequest): Reader => request.actor },
  { prefix: '/anonymous-api', reader: (): Reader => null },
] as const;

export function registerPublicListingsRoutes(app: Api, ctx: AppContext): void {
  const listings = publicListingsService(ctx);
  registerCourseVideoRoutes(app, ctx);

  for (const { prefix, reader } of PREFIXES) {
    for (const kind of ['course', 'curriculum'] as const) {
      app.get(
        `${prefix}/${kind}-classifications`,
        {
          config: { access: 'public' },
          schema: { tags, response: { 200: ClassificationListResponseSchema } },
        },
        async (request) => listings.classifications(kind, reader(request)),
      );
    }

    app.get(
      `${prefix}/courses/public`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          querystring: PublicCourseListQuerySchema,
          response: { 200: PublicCourseListResponseSchema },
        },
      },
      async (request) => listings.publicCourses(reader(request), request.query),
    );

    app.get(
      `${prefix}/courses/public/stats`,
      { config: { access: 'public' }, schema: { tags, response: { 200: PublicCourseStatsSchema } } },
      async (request) => listings.publicCourseStats(reader(request)),
    );

    app.get(
      `${prefix}/curriculums`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          querystring: CurriculumListQuerySchema,
          response: { 200: CurriculumListResponseSchema },
        },
      },
      async (request) => listings.curriculums(reader(request), request.query),
    );

    app.get(
      `${prefix}/curriculums/stats`,
      { config: { access: 'public' }, schema: { tags, response: { 200: CurriculumStatsSchema } } },
      async (request) => listings.curriculumStats(reader(request)),
    );

    app.get(
      `${prefix}/curriculum/:id`,
      {
        config: { access: 'public' },
        schema: { tags, params: IdParamsSchema, response: { 200: CurriculumDetailSchema } },
      },
      async (request) => listings.curriculum(reader(request), request.params.id),
    );
  }

  // The member versions of a course's details, catalogue and outline are the course pages' own calls;
  // these are what a visitor reads of a course whose public_scope is `public`.
  app.get(
    '/anonymous-api/courses/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCourseDetailSchema } },
    },
    async (request) => listings.courseDetail(null, request.params.id),
  );
  app.get(
    '/anonymous-api/courses/:id/outline',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCourseDetailSchema } },
    },
    async (request) => listings.courseDetail(null, request.params.id),
  );
  app.get(
    '/anonymous-api/courses/:id/catalog-activities',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCatalogResponseSchema } },
    },
    async (request) => listings.catalog(null, request.params.id),
  );

  // The same outline and catalogue for a signed-in reader: listed courses, and any course they are in.
  // (`GET /api/courses/{id}` itself is the courses slice's full course read.)
  app.get(
    '/api/courses/:id/outline',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCourseDetailSchema } },
    },
    async (request) => listings.memberCourseDetail(actorOf(request), request.params.id),
  );
  app.get(
    '/api/courses/:id/catalog-activities',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCatalogResponseSchema } },
    },
    async (request) => listings.memberCatalog(actorOf(request), request.params.id),
  );

  // Reviews and joining as a visitor sees them: the signed-in versions are course-services' /api calls.
  app.get(
    '/anonymous-api/course-estimates/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: EstimatesQuerySchema,
        response: { 200: EstimatesResponseSchema },
      },
    },
    async (request) => listings.estimates(null, request.params.id, request.query),
  );
  app.get(
    '/anonymous-api/course-estimates-replies/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: CourseEstimateRepliesResponseSchema } },
    },
    async (request) => listings.estimateReplies(null, request.params.id),
  );
  app.get(
    '/anonymous-api/course/:id/registration-state',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: RegistrationStateResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listings.registrationState(null, request.params.id);
    },
  );

  app.get(
    '/anonymous-api/courses/:id/statistics/summary',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: PublicCourseSummarySchema } },
    },
    async (request) => listings.courseSummary(null, request.params.id),
  );
  app.get(
    '/anonymous-api/courses/:id/live-activities',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: LiveActivitiesQuerySchema,
        response: { 200: LiveActivitiesResponseSchema },
      },
    },
    async (request) => listings.liveActivities(null, request.params.id, request.query),
  );

  // Opt-in: only once the teaching team published them (course public settings); otherwise a missing id.
  app.get(
    '/anonymous-api/courses/:id/typical-mistakes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          "A public course's questions answered wrong most in its closed exams, with the wrong choices given " +
          'most; only when its teaching team turned this on.',
        params: IdParamsSchema,
        querystring: TypicalMistakesQuerySchema,
        response: { 200: TypicalMistakesSchema },
      },
    },
    async (request) => listings.typicalMistakes(null, request.params.id, request.query),
  );

  app.get(
    '/anonymous-api/studio/:id/hot-topics',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: HotTopicsResponseSchema } },
    },
    async (request) => listings.hotTopics(null, request.params.id),
  );

  // A course's public settings: its teaching team.
  app.get(
    '/api/courses/:id/public-settings',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: CoursePublicSettingsResponseSchema } },
    },
    async (request) => listings.publicSettings(actorOf(request), request.params.id),
  );
  app.put(
    '/api/courses/:id/public-settings',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CoursePublicSettingsSchema,
        response: { 200: CoursePublicSettingsResponseSchema },
      },
    },
    async (request) => listings.savePublicSettings(actorOf(request), request.params.id, request.body),
  );

  // Classifications and curriculums are the organisation's: its administrators keep them.
  for (const kind of ['course', 'curriculum'] as const) {
    app.post(
      `/api/${kind}-classifications`,
      {
        config: { access: 'org_admin' },
        schema: { tags, body: ClassificationBodySchema, response: { 201: ClassificationSchema } },
      },
      async (request, reply) => {
        reply.code(201);
        return listings.createClassification(actorOf(request), kind, request.body);
      },
    );
    app.put(
      `/api/${kind}-classifications/:id`,
      {
        config: { access: 'org_admin' },
        schema: {
          tags,
          params: IdParamsSchema,
          body: ClassificationBodySchema,
          response: { 200: ClassificationSchema },
        },
      },
      async (request) =>
        listings.updateClassification(actorOf(request), kind, request.params.id, request.body),
    );
    app.delete(
      `/api/${kind}-classifications/:id`,
      {
        config: { access: 'org_admin' },
        schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
      },
      async (request) => {
        await listings.deleteClassification(actorOf(request), kind, request.params.id);
        return { ok: true as const };
      },
    );
  }

  app.get(
    '/api/curriculums/all',
    { config: { access: 'org_admin' }, schema: { tags, response: { 200: CurriculumAdminListSchema } } },
    async (request) => listings.curriculumsOfOrg(actorOf(request)),
  );
  app.post(
    '/api/curriculums',
    {
      config: { access: 'org_admin' },
      schema: { tags, body: CurriculumBodySchema, response: { 201: CurriculumAdminSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return listings.createCurriculum(actorOf(request), request.body);
    },
  );
  app.put(
    '/api/curriculum/:id',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CurriculumBodySchema,
        response: { 200: CurriculumAdminSchema },
      },
    },
    async (request) => listings.updateCurriculum(actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/curriculum/:id',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await listings.deleteCurriculum(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
