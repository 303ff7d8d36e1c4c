import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ExamIdParamsSchema,
  ExamSubmissionSchema,
  MarkedAttachmentSchema,
} from '@lectern/contracts/exams/exam-taking.schemas';
import {
  CommentRequestSchema,
  GiveScoreRequestSchema,
  GiveScoresRequestSchema,
  GiveScoresResponseSchema,
  MarkedAttachmentParamsSchema,
  MarkedAttachmentRequestSchema,
  MarkingExamineeParamsSchema,
  MarkingExamineesResponseSchema,
  MarkingGroupParamsSchema,
  MarkingGroupsResponseSchema,
  MarkingQuerySchema,
  MarkingSubjectParamsSchema,
  MarkingSubmissionsResponseSchema,
  SubmissionCommentParamsSchema,
} from '@lectern/contracts/exams/marking.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { markingService } from './marking.service.ts';

const tags = ['exam marking'];

/** Spec 000 section 7 marking calls, plus attaching files while marking. */
export function registerMarkingRoutes(app: Api, ctx: AppContext): void {
  const marking = markingService(ctx);

  app.get(
    '/api/exams/:id/subjects/:subjectId/examinees',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkingSubjectParamsSchema,
        querystring: MarkingQuerySchema,
        response: { 200: MarkingExamineesResponseSchema },
      },
    },
    async (request) =>
      marking.examinees(
        actorOf(request),
        request.params.id,
        request.params.subjectId,
        request.query.is_makeup_exam ?? false,
      ),
  );

  app.get(
    '/api/exams/:id/subjects/:subjectId/groups',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkingSubjectParamsSchema,
        querystring: MarkingQuerySchema,
        response: { 200: MarkingGroupsResponseSchema },
      },
    },
    async (request) =>
      marking.groups(
        actorOf(request),
        request.params.id,
        request.params.subjectId,
        request.query.is_makeup_exam ?? false,
      ),
  );

  app.get(
    '/api/exams/:id/subjects/:subjectId/examinees/:examineeId/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkingExamineeParamsSchema,
        querystring: MarkingQuerySchema,
        response: { 200: MarkingSubmissionsResponseSchema },
      },
    },
    async (request) =>
      marking.examineeSubmissions(
        actorOf(request),
        request.params.id,
        request.params.subjectId,
        request.params.examineeId,
        request.query.is_makeup_exam,
      ),
  );

  app.get(
    '/api/exams/:id/subjects/:subjectId/groups/:groupId/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkingGroupParamsSchema,
        querystring: MarkingQuerySchema,
        response: { 200: MarkingSubmissionsResponseSchema },
      },
    },
    async (request) =>
      marking.groupSubmissions(
        actorOf(request),
        request.params.id,
        request.params.subjectId,
        request.params.groupId,
        request.query.is_makeup_exam,
      ),
  );

  app.put(
    '/api/exams/:id/submissions/:sid/comment',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: SubmissionCommentParamsSchema,
        body: CommentRequestSchema,
        response: { 200: ExamSubmissionSchema },
      },
    },
    async (request) => marking.comment(actorOf(request), request.params.id, request.params.sid, request.body),
  );

  app.post(
    '/api/exams/:id/give-score',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        body: GiveScoreRequestSchema,
        response: { 200: ExamSubmissionSchema },
      },
    },
    async (request) => marking.giveScore(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/exams/:id/give-scores',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExamIdParamsSchema,
        body: GiveScoresRequestSchema,
        response: { 200: GiveScoresResponseSchema },
      },
    },
    async (request) => ({
      submissions: await marking.giveScores(
        actorOf(request),
        request.params.id,
        request.body.scores,
        (index, name) => `scores.${index}.${name}`,
      ),
    }),
  );

  app.post(
    '/api/exams/:id/submissions/:sid/marked-attachments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkedAttachmentParamsSchema,
        body: MarkedAttachmentRequestSchema,
        response: { 201: MarkedAttachmentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await marking.addAttachment(actorOf(request), request.params.id, request.params.sid, request.body),
        ),
  );

  app.delete(
    '/api/uploads/marked_attachment/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => marking.deleteAttachment(actorOf(request), request.params.id),
  );
}
