import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  AddMembersRequestSchema,
  AddMembersResponseSchema,
  EducatorsQuerySchema,
  EducatorsResponseSchema,
  EnrollmentParamsSchema,
  EnrollmentSchema,
  HostsQuerySchema,
  HostsResponseSchema,
  InstructorsResponseSchema,
  MemberParamsSchema,
  MemberSchema,
  MembersResponseSchema,
  StudentsResponseSchema,
  UpdateMemberRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { membersService } from './members.service.ts';

const tags = ['courses'];

/** Course members and their roles. */
export function registerMembersRoutes(app: Api, ctx: AppContext): void {
  const members = membersService(ctx);

  // The original clients use both spellings.
  for (const url of ['/api/course/:id/students', '/api/courses/:id/students']) {
    app.get(
      url,
      {
        config: { access: 'user' },
        schema: { tags, params: IdParamsSchema, response: { 200: StudentsResponseSchema } },
      },
      async (request) => ({ students: await members.students(actorOf(request), request.params.id) }),
    );
  }

  app.get(
    '/api/courses/:id/instructors',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: InstructorsResponseSchema } },
    },
    async (request) => ({ instructors: await members.instructors(actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/courses/:id/educators',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: EducatorsQuerySchema,
        response: { 200: EducatorsResponseSchema },
      },
    },
    async (request) => ({
      educators: await members.educators(actorOf(request), request.params.id, request.query.fields),
    }),
  );

  app.get(
    '/api/courses/:id/hosts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: HostsQuerySchema,
        response: { 200: HostsResponseSchema },
      },
    },
    async (request) => ({
      hosts: await members.hosts(actorOf(request), request.params.id, request.query.type),
    }),
  );

  app.get(
    '/api/courses/:id/members',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MembersResponseSchema } },
    },
    async (request) => ({ members: await members.members(actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/courses/:id/members',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AddMembersRequestSchema,
        response: { 200: AddMembersResponseSchema },
      },
    },
    async (request) => members.add(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/courses/:id/enrollments/users/:userId',
    {
      config: { access: 'user' },
      schema: { tags, params: EnrollmentParamsSchema, response: { 200: EnrollmentSchema } },
    },
    async (request) => members.enrollment(actorOf(request), request.params.id, request.params.userId),
  );

  app.put(
    '/api/courses/:id/members/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: MemberParamsSchema,
        body: UpdateMemberRequestSchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) =>
      members.updateRoles(actorOf(request), request.params.id, request.params.userId, request.body.roles),
  );

  app.delete(
    '/api/courses/:id/members/:userId',
    {
      config: { access: 'user' },
      schema: { tags, params: MemberParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await members.remove(actorOf(request), request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );
}
