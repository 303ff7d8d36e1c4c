import { ExamIdParamsSchema } from '@lectern/contracts/exams/exam-taking.schemas';
import {
  RetakeRecordParamsSchema,
  RetakeRecordsQuerySchema,
  RetakeRecordsResponseSchema,
  RetakeRecordSubmissionResponseSchema,
  RetakeRequestSchema,
  RetakeResponseSchema,
} from '@lectern/contracts/exams/marking.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { retakesService } from './retakes.service.ts';

const tags = ['exam marking'];

export function registerRetakesRoutes(app: Api, ctx: AppContext): void {
  const retakes = retakesService(ctx);

  app.post(
    '/api/exams/:id/retake',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        body: RetakeRequestSchema,
        response: { 201: RetakeResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await retakes.retake(actorOf(request), request.params.id, request.body.examinee_ids)),
  );

  app.get(
    '/api/exams/:id/retake-record',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        querystring: RetakeRecordsQuerySchema,
        response: { 200: RetakeRecordsResponseSchema },
      },
    },
    async (request) => retakes.records(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/exams/:id/retake-records/:recordId/submission',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: RetakeRecordParamsSchema,
        response: { 200: RetakeRecordSubmissionResponseSchema },
      },
    },
    async (request) => retakes.recordSubmission(actorOf(request), request.params.id, request.params.recordId),
  );
}
