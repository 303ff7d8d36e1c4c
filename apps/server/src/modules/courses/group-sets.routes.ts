import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CreateGroupRequestSchema,
  CreateGroupSetRequestSchema,
  GroupSchema,
  GroupSetSchema,
  GroupSetsQuerySchema,
  GroupSetsResponseSchema,
  GroupUsersQuerySchema,
  GroupUsersResponseSchema,
  UpdateGroupRequestSchema,
  UpdateGroupSetRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { groupSetsService } from './group-sets.service.ts';

const tags = ['courses'];

/** Group sets, their groups and group membership. */
export function registerGroupSetsRoutes(app: Api, ctx: AppContext): void {
  const groupSets = groupSetsService(ctx);

  app.get(
    '/api/courses/:id/group-sets',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: GroupSetsQuerySchema,
        response: { 200: GroupSetsResponseSchema },
      },
    },
    async (request) => ({
      group_sets: await groupSets.list(actorOf(request), request.params.id, request.query),
    }),
  );

  app.post(
    '/api/courses/:id/group-sets',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateGroupSetRequestSchema,
        response: { 201: GroupSetSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groupSets.createSet(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/group-sets/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateGroupSetRequestSchema,
        response: { 200: GroupSetSchema },
      },
    },
    async (request) => groupSets.updateSet(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/group-sets/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await groupSets.deleteSet(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/group-sets/:id/groups',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateGroupRequestSchema,
        response: { 201: GroupSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groupSets.createGroup(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/groups/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateGroupRequestSchema,
        response: { 200: GroupSchema },
      },
    },
    async (request) => groupSets.updateGroup(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/groups/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await groupSets.deleteGroup(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/courses/:id/group-users',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: GroupUsersQuerySchema,
        response: { 200: GroupUsersResponseSchema },
      },
    },
    async (request) => ({
      users: await groupSets.groupUsers(actorOf(request), request.params.id, request.query.group_name),
    }),
  );
}
