import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  AccessTokensResponseSchema,
  CreateAccessTokenRequestSchema,
  CreatedAccessTokenSchema,
} from '@lectern/contracts/identity/access-tokens.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { accessTokensService } from './access-tokens.service.ts';

const tags = ['identity'];

/**
 * The user's personal access tokens. Session-only: a token must not mint or revoke tokens, or one leaked
 * token would outlive its own revocation.
 */
export function registerAccessTokenRoutes(app: Api, ctx: AppContext): void {
  const tokens = accessTokensService(ctx);
  const config = { access: 'user', sessionOnly: true } as const;

  app.get(
    '/api/user/access-tokens',
    { config, schema: { tags, response: { 200: AccessTokensResponseSchema } } },
    async (request) => ({ access_tokens: await tokens.list(actorOf(request)) }),
  );

  app.post(
    '/api/user/access-tokens',
    {
      config,
      schema: { tags, body: CreateAccessTokenRequestSchema, response: { 201: CreatedAccessTokenSchema } },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(actorOf(request), request.body)),
  );

  app.delete(
    '/api/user/access-tokens/:id',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      await tokens.revoke(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
