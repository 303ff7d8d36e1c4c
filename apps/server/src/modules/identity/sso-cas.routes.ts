import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CasCallbackQuerySchema,
  CasLogoutBodySchema,
  SsoLoginQuerySchema,
  sameOriginPath,
} from '@lectern/contracts/identity/sso.schemas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CasConfig } from '../../config.ts';
import type { Api, AppContext } from '../../platform/app-context.ts';
import type { IdentityService } from './identity.service.ts';
import type { SsoAccountsService } from './sso-accounts.service.ts';
import { CAS_CALLBACK_PATH, casService } from './sso-cas.service.ts';
import { redirectSignedIn, redirectToLogin, SsoError, ssoFlowCookies } from './sso-flow.ts';

const tags = ['identity'];
/** A LogoutRequest is a few hundred bytes; nothing bigger is read from an unauthenticated caller. */
const LOGOUT_BODY_LIMIT = 16 * 1024;

export const CAS_LOGIN_PATH = '/api/sso/cas/login';

export function registerCasRoutes(
  app: Api,
  ctx: AppContext,
  cas: CasConfig,
  identity: IdentityService,
  accounts: SsoAccountsService,
): void {
  const service = casService(ctx, cas, identity, accounts);
  const flows = ssoFlowCookies(ctx.config);

  app.get(
    CAS_LOGIN_PATH,
    { config: { access: 'public' }, schema: { tags, querystring: SsoLoginQuerySchema } },
    async (request, reply) => {
      flows.start(reply, { provider: 'cas', next: sameOriginPath(request.query.next) });
      return reply.redirect(service.loginUrl(), 302);
    },
  );

  app.get(
    CAS_CALLBACK_PATH,
    { config: { access: 'public' }, schema: { tags, querystring: CasCallbackQuerySchema } },
    async (request, reply) => {
      const flow = flows.take(request, reply, 'cas');
      if (!flow) return redirectToLogin(reply, 'sso_failed', null);
      try {
        const session = await service.signIn(request.query.ticket);
        return redirectSignedIn(reply, ctx.config, session, flow.next);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn({ reason: error.message }, 'CAS sign-in refused');
        return redirectToLogin(reply, error.code, flow.next);
      }
    },
  );

  // Single logout: CAS posts a form with `logoutRequest` to the service URL. Form bodies are parsed only
  // here (encapsulated), so no other route starts accepting them.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: LOGOUT_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      CAS_CALLBACK_PATH,
      {
        config: { access: 'public' },
        bodyLimit: LOGOUT_BODY_LIMIT,
        schema: { tags, body: CasLogoutBodySchema, response: { 200: OkResponseSchema } },
      },
      async (request) => {
        await service.singleLogout(request.body.logoutRequest);
        return { ok: true as const };
      },
    );
  });
}
