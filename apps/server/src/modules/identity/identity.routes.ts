import { OkResponseSchema, IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CreateUserRequestSchema,
  CurrentUserSchema,
  DepartmentsResponseSchema,
  ImportUsersRequestSchema,
  ImportUsersResponseSchema,
  ListUsersQuerySchema,
  LoginRequestSchema,
  OrgSchema,
  UpdateUserRequestSchema,
  UserSchema,
  UsersPageSchema,
} from '@lectern/contracts/identity/identity.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { IdentityService } from './identity.service.ts';
import { LoginThrottledError } from './login-throttle.service.ts';
import { SESSION_COOKIE } from './session.hook.ts';
import { usersAdminService } from './users-admin.service.ts';

const tags = ['identity'];

export function registerIdentityRoutes(app: Api, ctx: AppContext, identity: IdentityService): void {
  const admin = usersAdminService(ctx);
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: ctx.config.cookieSecure };
  app.addHook('onClose', () => identity.close());

  app.post(
    '/api/login',
    {
      // No limit per address on the route: a lecture hall signs in from one NAT address in one minute.
      // Failures are what is throttled, per account and per address (decision 0009).
      config: { access: 'public', sessionOnly: true },
      schema: { tags, body: LoginRequestSchema, response: { 200: CurrentUserSchema } },
    },
    async (request, reply) => {
      const session = await identity.login(request.body, request.ip).catch((error: unknown) => {
        if (error instanceof LoginThrottledError) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      });
      reply.setCookie(SESSION_COOKIE, session.token, {
        ...cookieBase,
        httpOnly: true,
        expires: session.expiresAt,
      });
      return session.user;
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'user', sessionOnly: true, allowWhileSimulating: true },
      schema: { tags, response: { 200: OkResponseSchema } },
    },
    async (request, reply) => {
      await identity.logout(actorOf(request));
      reply.clearCookie(SESSION_COOKIE, cookieBase);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user',
    { config: { access: 'user' }, schema: { tags, response: { 200: CurrentUserSchema } } },
    async (request) => identity.currentUser(actorOf(request)),
  );

  app.get(
    '/api/org',
    { config: { access: 'user' }, schema: { tags, response: { 200: OrgSchema } } },
    async (request) => identity.org(actorOf(request)),
  );

  app.get(
    '/api/orgs/:id/departments',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: DepartmentsResponseSchema } },
    },
    async (request) => ({ departments: await identity.departments(actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/org/users',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: ListUsersQuerySchema, response: { 200: UsersPageSchema } },
    },
    async (request) => admin.list(actorOf(request), request.query),
  );

  app.post(
    '/api/org/users',
    {
      config: { access: 'org_admin' },
      schema: { tags, body: CreateUserRequestSchema, response: { 201: UserSchema } },
    },
    async (request, reply) => reply.status(201).send(await admin.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/org/users/:id',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: IdParamsSchema, body: UpdateUserRequestSchema, response: { 200: UserSchema } },
    },
    async (request) => admin.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/org/users/import',
    {
      config: { access: 'org_admin' },
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags, body: ImportUsersRequestSchema, response: { 200: ImportUsersResponseSchema } },
    },
    async (request) => admin.importCsv(actorOf(request), request.body.csv),
  );
}
