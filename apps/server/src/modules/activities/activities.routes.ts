import {
  ActivitiesQuerySchema,
  ActivitiesResponseSchema,
  ActivityReadParamsSchema,
  ActivityReadRequestSchema,
  ActivityReadResponseSchema,
  ActivitySchema,
  CompletionCriteriaQuerySchema,
  CompletionCriteriaResponseSchema,
  CourseActivitiesParamsSchema,
  CreateActivityRequestSchema,
  HaveDependentsQuerySchema,
  HaveDependentsResponseSchema,
  LearningActivityParamsSchema,
  LearningActivitySchema,
  LiveRecordsResponseSchema,
  MessageResponseSchema,
  UpdateActivityRequestSchema,
} from '@lectern/contracts/activities/activity.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { sendJson } from '../../platform/http/send-json.ts';
import { activitiesService } from './activities.service.ts';

const tags = ['activities'];

export function registerActivitiesRoutes(app: Api, ctx: AppContext): void {
  const activities = activitiesService(ctx);

  app.post(
    '/api/courses/:courseId/activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseActivitiesParamsSchema,
        body: CreateActivityRequestSchema,
        response: { 201: ActivitySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await activities.create(actorOf(request), request.params.courseId, request.body)),
  );

  app.get(
    '/api/courses/:courseId/activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseActivitiesParamsSchema,
        querystring: ActivitiesQuerySchema,
        response: { 200: ActivitiesResponseSchema },
      },
    },
    async (request, reply) =>
      sendJson(reply, await activities.listJson(actorOf(request), request.params.courseId, request.query)),
  );

  app.get(
    '/api/activities/have-dependents',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: HaveDependentsQuerySchema,
        response: { 200: HaveDependentsResponseSchema },
      },
    },
    async (request) => activities.haveDependents(actorOf(request), request.query),
  );

  app.get(
    '/api/activities/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: ActivitySchema } },
    },
    async (request) => activities.get(actorOf(request), request.params.id),
  );

  app.put(
    '/api/activities/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateActivityRequestSchema,
        response: { 200: ActivitySchema },
      },
    },
    async (request) => activities.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/activities/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => activities.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/course/activities-read/:activityId',
    {
      config: { access: 'user', allowWhileSimulating: true },
      schema: {
        tags,
        params: ActivityReadParamsSchema,
        body: ActivityReadRequestSchema,
        response: { 200: ActivityReadResponseSchema },
      },
    },
    async (request) => activities.recordRead(actorOf(request), request.params.activityId, request.body),
  );

  app.get(
    '/api/course/:courseId/learning-activity/:activityId',
    {
      config: { access: 'user' },
      schema: { tags, params: LearningActivityParamsSchema, response: { 200: LearningActivitySchema } },
    },
    async (request) =>
      activities.learningActivity(actorOf(request), request.params.courseId, request.params.activityId),
  );

  app.get(
    '/api/course/:courseId/coursewares',
    {
      config: { access: 'user' },
      schema: { tags, params: CourseActivitiesParamsSchema, response: { 200: ActivitiesResponseSchema } },
    },
    async (request, reply) =>
      sendJson(reply, await activities.coursewaresJson(actorOf(request), request.params.courseId)),
  );

  app.get(
    '/api/courses/:courseId/live-record',
    {
      config: { access: 'user' },
      schema: { tags, params: CourseActivitiesParamsSchema, response: { 200: LiveRecordsResponseSchema } },
    },
    async (request) => ({
      live_records: await activities.liveRecords(actorOf(request), request.params.courseId),
    }),
  );

  app.get(
    '/api/completion-criteria',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: CompletionCriteriaQuerySchema,
        response: { 200: CompletionCriteriaResponseSchema },
      },
    },
    async (request) => activities.completionCriteria(actorOf(request), request.query),
  );
}
