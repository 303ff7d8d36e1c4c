import {
  AnnounceMarkStatusRequestSchema,
  CourseHomeworkParamsSchema,
  CreateSubmissionRequestSchema,
  CreateSubmissionResponseSchema,
  HomeworkActivitiesQuerySchema,
  HomeworkActivitiesResponseSchema,
  HomeworkDescriptionRequestSchema,
  HomeworkDetailSchema,
  HomeworkGroupParamsSchema,
  HomeworkIdParamsSchema,
  HomeworkRubricRequestSchema,
  HomeworkScoreResponseSchema,
  HomeworkStudentParamsSchema,
  ReferenceAnswerSchema,
  SubmissionListResponseSchema,
  SubmissionResponseSchema,
  UpdateReferenceAnswerRequestSchema,
} from '@lectern/contracts/homework/homework.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { homeworkReferenceAnswerService } from './homework-reference-answer.service.ts';
import { homeworkSettingsService } from './homework-settings.service.ts';
import { homeworkSubmissionsService } from './homework-submissions.service.ts';

const tags = ['homework'];

/** Issue 10: homework settings, handing in and reading submissions. Marking is in homework-marking.routes.ts. */
export function registerHomeworkRoutes(app: Api, ctx: AppContext): void {
  const submissions = homeworkSubmissionsService(ctx);
  const settings = homeworkSettingsService(ctx);
  const referenceAnswer = homeworkReferenceAnswerService(ctx);

  app.get(
    '/api/homework/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkIdParamsSchema, response: { 200: HomeworkDetailSchema } },
    },
    async (request) => settings.detail(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/homeworks/:id/description',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: HomeworkDescriptionRequestSchema,
        response: { 200: HomeworkDetailSchema },
      },
    },
    async (request) => settings.description(actorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/homeworks/:id/rubric',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: HomeworkRubricRequestSchema,
        response: { 200: HomeworkDetailSchema },
      },
    },
    async (request) => settings.rubric(actorOf(request), request.params.id, request.body),
  );

  // Not in the spec ("other marking paths: not shown"): named like the description and rubric calls.
  app.get(
    '/api/homeworks/:id/reference-answer',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkIdParamsSchema, response: { 200: ReferenceAnswerSchema } },
    },
    async (request) => referenceAnswer.get(actorOf(request), request.params.id),
  );

  app.patch(
    '/api/homeworks/:id/reference-answer',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: UpdateReferenceAnswerRequestSchema,
        response: { 200: ReferenceAnswerSchema },
      },
    },
    async (request) => referenceAnswer.update(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/homework/:id/announce-mark-status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: AnnounceMarkStatusRequestSchema,
        response: { 200: HomeworkDetailSchema },
      },
    },
    async (request) => settings.announceMarkStatus(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/course/activities/:id/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: CreateSubmissionRequestSchema,
        response: { 201: CreateSubmissionResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submissions.submit(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/courses/:courseId/homework-activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseHomeworkParamsSchema,
        querystring: HomeworkActivitiesQuerySchema,
        response: { 200: HomeworkActivitiesResponseSchema },
      },
    },
    async (request) =>
      submissions.homeworkActivities(actorOf(request), request.params.courseId, request.query),
  );

  app.get(
    '/api/course/activities/:id/students/:studentId/submission',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkStudentParamsSchema, response: { 200: SubmissionResponseSchema } },
    },
    async (request) =>
      submissions.studentSubmission(actorOf(request), request.params.id, request.params.studentId),
  );

  app.get(
    '/api/activities/:id/students/:studentId/submission_list',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkStudentParamsSchema, response: { 200: SubmissionListResponseSchema } },
    },
    async (request) =>
      submissions.studentSubmissionList(actorOf(request), request.params.id, request.params.studentId),
  );

  app.get(
    '/api/activities/:id/groups/:groupId/submission_list',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkGroupParamsSchema, response: { 200: SubmissionListResponseSchema } },
    },
    async (request) =>
      submissions.groupSubmissionList(actorOf(request), request.params.id, request.params.groupId),
  );

  app.get(
    '/api/activities/:id/groups/:groupId/submission',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkGroupParamsSchema, response: { 200: SubmissionResponseSchema } },
    },
    async (request) =>
      submissions.groupSubmission(actorOf(request), request.params.id, request.params.groupId),
  );

  app.get(
    '/api/activities/:id/students/:studentId/homework-score',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkStudentParamsSchema, response: { 200: HomeworkScoreResponseSchema } },
    },
    async (request) =>
      submissions.homeworkScore(actorOf(request), request.params.id, request.params.studentId),
  );
}
