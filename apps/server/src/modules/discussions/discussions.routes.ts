import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ActivityIdParamsSchema,
  commentIdsOf,
  CommentCountResponseSchema,
  CommentFiltersQuerySchema,
  CommentPageCountQuerySchema,
  CommentPageCountResponseSchema,
  CommentSchema,
  CommentsQuerySchema,
  CommentsResponseSchema,
  CreateCommentRequestSchema,
  CreateReplyRequestSchema,
  DiscussionMessageResponseSchema,
  HotTopicsResponseSchema,
  OperateRequestSchema,
  OperateResponseSchema,
  RepliesForCommentsQuerySchema,
  RepliesForCommentsResponseSchema,
  RepliesQuerySchema,
  RepliesResponseSchema,
  ReplySchema,
  TopicDetailResponseSchema,
  TopicsQuerySchema,
  TopicsResponseSchema,
  UpdateCommentRequestSchema,
  UpdateReplyRequestSchema,
} from '@lectern/contracts/discussions/discussions.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { discussionsService } from './discussions.service.ts';

const tags = ['discussions'];

/** Comments, replies, likes and forum topics of activities (spec 001 section 7, "Forum and comments"). */
export function registerDiscussionsRoutes(app: Api, ctx: AppContext): void {
  const discussions = discussionsService(ctx);

  app.get(
    '/api/activities/:id/comments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        querystring: CommentsQuerySchema,
        response: { 200: CommentsResponseSchema },
      },
    },
    async (request) => discussions.list(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/activities/:id/comments',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        body: CreateCommentRequestSchema,
        response: { 201: CommentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await discussions.create(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/activities/:id/comments/operate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        body: OperateRequestSchema,
        response: { 200: OperateResponseSchema },
      },
    },
    async (request) => discussions.operate(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/activities/:id/comment/count',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        querystring: CommentFiltersQuerySchema,
        response: { 200: CommentCountResponseSchema },
      },
    },
    async (request) => discussions.count(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/activities/:id/comment/page-count',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        querystring: CommentPageCountQuerySchema,
        response: { 200: CommentPageCountResponseSchema },
      },
    },
    async (request) => discussions.pageCount(actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/comments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateCommentRequestSchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) => discussions.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/comments/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: DiscussionMessageResponseSchema } },
    },
    async (request) => discussions.remove(actorOf(request), request.params.id),
  );

  app.get(
    '/api/comments/:id/replies',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: RepliesQuerySchema,
        response: { 200: RepliesResponseSchema },
      },
    },
    async (request) => discussions.replies(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/comments/:id/replies',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateReplyRequestSchema,
        response: { 201: ReplySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await discussions.createReply(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/comment-replies',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: RepliesForCommentsQuerySchema,
        response: { 200: RepliesForCommentsResponseSchema },
      },
    },
    async (request) => discussions.repliesFor(actorOf(request), commentIdsOf(request.query)),
  );

  app.put(
    '/api/comment-replies/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateReplyRequestSchema,
        response: { 200: ReplySchema },
      },
    },
    async (request) => discussions.updateReply(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/comment-replies/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: DiscussionMessageResponseSchema } },
    },
    async (request) => discussions.removeReply(actorOf(request), request.params.id),
  );

  app.get(
    '/api/activities/:id/topics',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ActivityIdParamsSchema,
        querystring: TopicsQuerySchema,
        response: { 200: TopicsResponseSchema },
      },
    },
    async (request) => discussions.topics(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/topics/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: TopicDetailResponseSchema } },
    },
    async (request) => discussions.topic(actorOf(request), request.params.id),
  );

  app.get(
    '/api/studio/:id/hot-topics',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: HotTopicsResponseSchema } },
    },
    async (request) => discussions.hotTopics(actorOf(request), request.params.id),
  );
}
