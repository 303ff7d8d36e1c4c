import {
  ClassroomAnswerSchema,
  ClassroomStateSchema,
  ClassroomSubjectParamsSchema,
  ClassroomSubmitParamsSchema,
  ClassroomSubmitRequestSchema,
  ExamIdParamsSchema,
} from '@lectern/contracts/exams/exam-taking.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { classroomService, type ClassroomListeners } from './classroom.service.ts';

const tags = ['classroom exams'];

export function registerClassroomRoutes(app: Api, ctx: AppContext, listeners: ClassroomListeners): void {
  const classroom = classroomService(ctx, listeners);

  app.get(
    '/api/classroom-exams/:id/state',
    {
      config: { access: 'user' },
      schema: { tags, params: ExamIdParamsSchema, response: { 200: ClassroomStateSchema } },
    },
    async (request) => classroom.state(actorOf(request), request.params.id),
  );

  app.post(
    '/api/classroom-exams/:id/subjects/:subjectId/release',
    {
      config: { access: 'user' },
      schema: { tags, params: ClassroomSubjectParamsSchema, response: { 200: ClassroomStateSchema } },
    },
    async (request) => classroom.release(actorOf(request), request.params.id, request.params.subjectId),
  );

  app.post(
    '/api/classroom-exams/:id/subjects/:subjectId/close',
    {
      config: { access: 'user' },
      schema: { tags, params: ClassroomSubjectParamsSchema, response: { 200: ClassroomStateSchema } },
    },
    async (request) => classroom.close(actorOf(request), request.params.id, request.params.subjectId),
  );

  app.post(
    '/api/classroom/:id/submit/:subject_id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ClassroomSubmitParamsSchema,
        body: ClassroomSubmitRequestSchema,
        response: { 200: ClassroomAnswerSchema },
      },
    },
    async (request) =>
      classroom.submit(actorOf(request), request.params.id, request.params.subject_id, request.body),
  );
}
