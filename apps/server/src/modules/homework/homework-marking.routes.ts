import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CorrectUploadsRequestSchema,
  GiveHomeworkScoreRequestSchema,
  GiveInterScoreRequestSchema,
  GiveIntraScoreRequestSchema,
  HomeworkGroupParamsSchema,
  HomeworkIdParamsSchema,
  HomeworkMarkedAttachmentSchema,
  HomeworkSubmissionSchema,
  InterScoresResponseSchema,
  IntraScoresResponseSchema,
  IntraSubmissionResponseSchema,
  MakeUpRequestSchema,
  MarkedAttachmentItemParamsSchema,
  MarkedAttachmentsResponseSchema,
  PeerScoreSchema,
  RecommendedSubmissionsResponseSchema,
  ReplaceReferenceUploadRequestSchema,
  ScoreRecordsParamsSchema,
  ScoreRecordsQuerySchema,
  ScoreRecordsResponseSchema,
  SubmissionIdParamsSchema,
  SubmitOnBehalfRequestSchema,
  SubmittersActionRequestSchema,
  SubmittersActionResponseSchema,
  SubmittersQuerySchema,
  SubmittersResponseSchema,
} from '@lectern/contracts/homework/homework.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { homeworkMarkedAttachmentsService } from './homework-marked-attachments.service.ts';
import { homeworkMarkingService } from './homework-marking.service.ts';
import { homeworkPeerScoresService } from './homework-peer-scores.service.ts';
import { scoreRecordsService } from './score-records.service.ts';

const tags = ['homework marking'];

/** Issue 10 "Marking": scores, instructor actions, score records, marked attachments and peer scores. */
export function registerHomeworkMarkingRoutes(app: Api, ctx: AppContext): void {
  const marking = homeworkMarkingService(ctx);
  const attachments = homeworkMarkedAttachmentsService(ctx);
  const peers = homeworkPeerScoresService(ctx);
  const records = scoreRecordsService(ctx);

  app.get(
    '/api/homework/:id/submitters',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        querystring: SubmittersQuerySchema,
        response: { 200: SubmittersResponseSchema },
      },
    },
    async (request) => marking.submitters(actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/course/activities/:id/submission/score',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: GiveHomeworkScoreRequestSchema,
        response: { 200: HomeworkSubmissionSchema },
      },
    },
    async (request) => marking.giveScore(actorOf(request), request.params.id, request.body),
  );

  const actions = {
    redo: marking.redo,
    remind: marking.remind,
    'mark-unsubmitted': marking.markUnsubmitted,
    recommend: (actor: Parameters<typeof marking.redo>[0], id: number, ids: readonly number[]) =>
      marking.recommend(actor, id, ids, true),
    unrecommend: (actor: Parameters<typeof marking.redo>[0], id: number, ids: readonly number[]) =>
      marking.recommend(actor, id, ids, false),
  };
  for (const [name, run] of Object.entries(actions)) {
    app.post(
      `/api/homework/:id/${name}`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: HomeworkIdParamsSchema,
          body: SubmittersActionRequestSchema,
          response: { 200: SubmittersActionResponseSchema },
        },
      },
      async (request) => run(actorOf(request), request.params.id, request.body.submitter_ids),
    );
  }

  app.post(
    '/api/homework/:id/make-up',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: MakeUpRequestSchema,
        response: { 200: SubmittersActionResponseSchema },
      },
    },
    async (request) => marking.makeUp(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/homework/:id/submit-on-behalf',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: SubmitOnBehalfRequestSchema,
        response: { 201: HomeworkSubmissionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await marking.submitOnBehalf(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/homework/:id/recommended-submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        response: { 200: RecommendedSubmissionsResponseSchema },
      },
    },
    async (request) => marking.recommended(actorOf(request), request.params.id),
  );

  app.get(
    '/api/activity/:activityId/submitter/:submitterId/score-records',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ScoreRecordsParamsSchema,
        querystring: ScoreRecordsQuerySchema,
        response: { 200: ScoreRecordsResponseSchema },
      },
    },
    async (request) =>
      records.list(actorOf(request), request.params.activityId, request.params.submitterId, request.query),
  );

  app.get(
    '/api/submissions/:id/marked_attachments',
    {
      config: { access: 'user' },
      schema: { tags, params: SubmissionIdParamsSchema, response: { 200: MarkedAttachmentsResponseSchema } },
    },
    async (request) => attachments.list(actorOf(request), request.params.id),
  );

  app.get(
    '/api/submissions/:id/marked_attachments/:attId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MarkedAttachmentItemParamsSchema,
        response: { 200: HomeworkMarkedAttachmentSchema },
      },
    },
    async (request) => attachments.one(actorOf(request), request.params.id, request.params.attId),
  );

  app.put(
    '/api/uploads/references/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ReplaceReferenceUploadRequestSchema,
        response: { 200: HomeworkMarkedAttachmentSchema },
      },
    },
    async (request) =>
      attachments.replaceReferenceUpload(actorOf(request), request.params.id, request.body.upload_id),
  );

  app.put(
    '/api/course/activities/:id/submissions/correct-uploads',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: CorrectUploadsRequestSchema,
        response: { 200: MarkedAttachmentsResponseSchema },
      },
    },
    async (request) => attachments.correctUploads(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/homework/:id/inter-scores',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkIdParamsSchema, response: { 200: InterScoresResponseSchema } },
    },
    async (request) => peers.interScores(actorOf(request), request.params.id),
  );

  app.get(
    '/api/homework/:id/intra-scores',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkIdParamsSchema, response: { 200: IntraScoresResponseSchema } },
    },
    async (request) => peers.intraScores(actorOf(request), request.params.id),
  );

  app.post(
    '/api/homework/:id/inter-scores',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: GiveInterScoreRequestSchema,
        response: { 200: PeerScoreSchema },
      },
    },
    async (request) => peers.giveInter(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/homework/:id/intra-scores',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: HomeworkIdParamsSchema,
        body: GiveIntraScoreRequestSchema,
        response: { 200: PeerScoreSchema },
      },
    },
    async (request) => peers.giveIntra(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/activities/:id/group/:groupId/intra_submission',
    {
      config: { access: 'user' },
      schema: { tags, params: HomeworkGroupParamsSchema, response: { 200: IntraSubmissionResponseSchema } },
    },
    async (request) => peers.intraSubmission(actorOf(request), request.params.id, request.params.groupId),
  );
}
