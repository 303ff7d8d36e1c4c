import {
  DistributeResponseSchema,
  ExamIdParamsSchema,
  ExamSubmissionDetailSchema,
  ExamSubmissionParamsSchema,
  ExamSubmissionsResponseSchema,
  QualificationResponseSchema,
  StudentExamsParamsSchema,
  StudentExamsResponseSchema,
  ExamScoresResponseSchema,
  SubmitExamRequestSchema,
  SubmitExamResponseSchema,
} from '@lectern/contracts/exams/exam-taking.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { sendJson } from '../../platform/http/send-json.ts';
import { registerExamScoresRoutes } from './exam-scores.routes.ts';
import { examTakingService } from './exam-taking.service.ts';
import { registerMarkingRoutes } from './marking.routes.ts';
import { registerRetakesRoutes } from './retakes.routes.ts';

const tags = ['exam taking'];

/** Taking exams, and (through their own files) marking, retakes, classroom answering and the score export. */
export function registerExamTakingRoutes(app: Api, ctx: AppContext): void {
  const taking = examTakingService(ctx);

  app.get(
    '/api/courses/:cid/exam-list',
    {
      config: { access: 'user' },
      schema: { tags, params: StudentExamsParamsSchema, response: { 200: StudentExamsResponseSchema } },
    },
    async (request) => taking.examList(actorOf(request), request.params.cid),
  );

  app.get(
    '/api/courses/:cid/exam-scores',
    {
      config: { access: 'user' },
      schema: { tags, params: StudentExamsParamsSchema, response: { 200: ExamScoresResponseSchema } },
    },
    async (request) => taking.examScores(actorOf(request), request.params.cid),
  );

  app.get(
    '/api/exam/:id/check-exam-qualification',
    {
      config: { access: 'user' },
      schema: { tags, params: ExamIdParamsSchema, response: { 200: QualificationResponseSchema } },
    },
    async (request) => taking.qualification(actorOf(request), request.params.id),
  );

  app.get(
    '/api/exams/:id/distribute',
    {
      // A GET that starts an attempt (clients rely on the path): a link on another site must not.
      config: { access: 'user', sameOriginOnly: true },
      schema: { tags, params: ExamIdParamsSchema, response: { 200: DistributeResponseSchema } },
    },
    async (request, reply) => sendJson(reply, await taking.distribute(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/exams/:id/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        body: SubmitExamRequestSchema,
        response: { 200: SubmitExamResponseSchema },
      },
    },
    async (request) => taking.submit(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/exams/:id/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        response: { 200: ExamSubmissionsResponseSchema },
      },
    },
    async (request) => taking.listSubmissions(actorOf(request), request.params.id),
  );

  app.get(
    '/api/exams/:id/submissions/:sid',
    {
      config: { access: 'user' },
      schema: { tags, params: ExamSubmissionParamsSchema, response: { 200: ExamSubmissionDetailSchema } },
    },
    async (request) => taking.getSubmission(actorOf(request), request.params.id, request.params.sid),
  );

  registerMarkingRoutes(app, ctx);
  registerRetakesRoutes(app, ctx);
  registerExamScoresRoutes(app, ctx);
}
