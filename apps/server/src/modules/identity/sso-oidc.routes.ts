import {
  OidcCallbackQuerySchema,
  SsoLoginQuerySchema,
  sameOriginPath,
} from '@lectern/contracts/identity/sso.schemas';
import type { OidcConfig } from '../../config.ts';
import type { Api, AppContext } from '../../platform/app-context.ts';
import type { IdentityService } from './identity.service.ts';
import type { SsoAccountsService } from './sso-accounts.service.ts';
import { redirectSignedIn, redirectToLogin, SsoError, ssoFlowCookies } from './sso-flow.ts';
import { OIDC_CALLBACK_PATH, oidcService } from './sso-oidc.service.ts';

const tags = ['identity'];

export const OIDC_LOGIN_PATH = '/api/sso/oidc/login';

export function registerOidcRoutes(
  app: Api,
  ctx: AppContext,
  oidc: OidcConfig,
  identity: IdentityService,
  accounts: SsoAccountsService,
): void {
  const service = oidcService(ctx, oidc, identity, accounts);
  const flows = ssoFlowCookies(ctx.config);

  app.get(
    OIDC_LOGIN_PATH,
    { config: { access: 'public' }, schema: { tags, querystring: SsoLoginQuerySchema } },
    async (request, reply) => {
      const next = sameOriginPath(request.query.next);
      try {
        const { url, flow } = await service.start(next);
        flows.start(reply, flow);
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn({ reason: error.message }, 'OIDC sign-in could not start');
        return redirectToLogin(reply, error.code, next);
      }
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    { config: { access: 'public' }, schema: { tags, querystring: OidcCallbackQuerySchema } },
    async (request, reply) => {
      const flow = flows.take(request, reply, 'oidc');
      if (!flow) return redirectToLogin(reply, 'sso_failed', null);
      try {
        const session = await service.signIn(request.url, flow);
        return redirectSignedIn(reply, ctx.config, session, flow.next);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        request.log.warn({ reason: error.message }, 'OIDC sign-in refused');
        return redirectToLogin(reply, error.code, flow.next);
      }
    },
  );
}
