import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CourseExamsQuerySchema,
  CourseExamsResponseSchema,
  CourseSubjectsQuerySchema,
  CourseSubjectsResponseSchema,
  ExamSchema,
  MakeupUsersResponseSchema,
  UpdateMakeupUsersRequestSchema,
} from '@lectern/contracts/exams/exam.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { examsService } from './exams.service.ts';
import { registerSubjectLibsRoutes } from './subject-libs.routes.ts';
import { subjectLibsService } from './subject-libs.service.ts';
import { registerSubjectsRoutes } from './subjects.routes.ts';
import { subjectsService } from './subjects.service.ts';

const tags = ['exams'];

/** Exam authoring: exam reads, make-up lists, questions and question libraries. */
export function registerExamsRoutes(app: Api, ctx: AppContext): void {
  const exams = examsService(ctx);
  registerSubjectsRoutes(app, subjectsService(ctx));
  registerSubjectLibsRoutes(app, subjectLibsService(ctx));

  app.get(
    '/api/courses/:id/exams',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CourseExamsQuerySchema,
        response: { 200: CourseExamsResponseSchema },
      },
    },
    async (request) => exams.list(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/exams/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: ExamSchema } },
    },
    async (request) => exams.get(actorOf(request), request.params.id, 'exam'),
  );

  app.get(
    '/api/classroom-exams/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: ExamSchema } },
    },
    async (request) => exams.get(actorOf(request), request.params.id, 'classroom_exam'),
  );

  app.get(
    '/api/exams/:id/makeup-users',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MakeupUsersResponseSchema } },
    },
    async (request) => exams.makeupUsers(actorOf(request), request.params.id),
  );

  app.put(
    '/api/exams/:id/makeup-users',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateMakeupUsersRequestSchema,
        response: { 200: MakeupUsersResponseSchema },
      },
    },
    async (request) => exams.updateMakeupUsers(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/course/:id/subjects',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CourseSubjectsQuerySchema,
        response: { 200: CourseSubjectsResponseSchema },
      },
    },
    async (request) => exams.courseSubjects(actorOf(request), request.params.id, request.query),
  );
}
