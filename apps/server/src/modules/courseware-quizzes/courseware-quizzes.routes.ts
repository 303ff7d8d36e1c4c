import {
  CoursewareQuizDeletedSchema,
  CoursewareQuizParamsSchema,
  CoursewareQuizSchema,
  CoursewareQuizStatisticsSchema,
  CoursewareQuizSubjectsResponseSchema,
  CoursewareQuizSubmissionSchema,
  CoursewareQuizzesResponseSchema,
  MyCoursewareQuizSubmissionResponseSchema,
  PublishCoursewareQuizRequestSchema,
  SaveCoursewareQuizRequestSchema,
  SubmitCoursewareQuizRequestSchema,
  VideoActivityParamsSchema,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { coursewareQuizzesService } from './courseware-quizzes.service.ts';

const tags = ['courseware-quizzes'];

/**
 * Quizzes placed in an online video, at the paths the original system's clients call (the four reads and
 * the submission), plus the teaching team's authoring and statistics beside them. Questions come from a
 * library copy (`POST /api/subject-libs/{libId}/copy?videoQuizId=`).
 */
export function registerCoursewareQuizzesRoutes(app: Api, ctx: AppContext): void {
  const quizzes = coursewareQuizzesService(ctx);

  app.get(
    '/api/courseware-quiz/activity/:id/quizzes',
    {
      config: { access: 'user' },
      schema: { tags, params: VideoActivityParamsSchema, response: { 200: CoursewareQuizzesResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quizzes.list(actorOf(request), request.params.id);
    },
  );

  app.post(
    '/api/courseware-quiz/activity/:id/quizzes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: VideoActivityParamsSchema,
        body: SaveCoursewareQuizRequestSchema,
        response: { 201: CoursewareQuizSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return quizzes.create(actorOf(request), request.params.id, request.body);
    },
  );

  app.put(
    '/api/courseware-quiz/quiz/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CoursewareQuizParamsSchema,
        body: SaveCoursewareQuizRequestSchema,
        response: { 200: CoursewareQuizSchema },
      },
    },
    async (request) => quizzes.update(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/courseware-quiz/quiz/:id/publish',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CoursewareQuizParamsSchema,
        body: PublishCoursewareQuizRequestSchema,
        response: { 200: CoursewareQuizSchema },
      },
    },
    async (request) => quizzes.publish(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/courseware-quiz/quiz/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: CoursewareQuizParamsSchema, response: { 200: CoursewareQuizDeletedSchema } },
    },
    async (request) => quizzes.remove(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courseware-quiz/quiz/:id/subjects',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CoursewareQuizParamsSchema,
        response: { 200: CoursewareQuizSubjectsResponseSchema },
      },
    },
    async (request) => quizzes.subjects(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courseware-quiz/quiz/:id/my-submission',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CoursewareQuizParamsSchema,
        response: { 200: MyCoursewareQuizSubmissionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quizzes.mySubmission(actorOf(request), request.params.id);
    },
  );

  app.post(
    '/api/courseware-quiz/quiz/:id/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CoursewareQuizParamsSchema,
        body: SubmitCoursewareQuizRequestSchema,
        response: { 200: CoursewareQuizSubmissionSchema },
      },
    },
    async (request) => quizzes.submit(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/courseware-quiz/quiz/:id/statistics',
    {
      config: { access: 'user' },
      schema: { tags, params: CoursewareQuizParamsSchema, response: { 200: CoursewareQuizStatisticsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quizzes.statistics(actorOf(request), request.params.id);
    },
  );
}
