import { SsoProvidersResponseSchema, type SsoProvider } from '@lectern/contracts/identity/sso.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import type { IdentityService } from './identity.service.ts';
import { ssoAccountsService } from './sso-accounts.service.ts';
import { CAS_LOGIN_PATH, registerCasRoutes } from './sso-cas.routes.ts';
import { OIDC_LOGIN_PATH, registerOidcRoutes } from './sso-oidc.routes.ts';

/**
 * Single sign-on (decision 0013): the providers the login page offers, and each configured protocol's
 * routes. Password sign-in is untouched; both end in the same kind of session.
 */
export function registerSsoRoutes(app: Api, ctx: AppContext, identity: IdentityService): void {
  const { cas, oidc } = ctx.config.sso;
  const accounts = ssoAccountsService(ctx);
  const providers: SsoProvider[] = [];
  if (cas) {
    registerCasRoutes(app, ctx, cas, identity, accounts);
    providers.push({ id: 'cas', name: cas.displayName, login_url: CAS_LOGIN_PATH });
  }
  if (oidc) {
    registerOidcRoutes(app, ctx, oidc, identity, accounts);
    providers.push({ id: 'oidc', name: oidc.displayName, login_url: OIDC_LOGIN_PATH });
  }

  app.get(
    '/api/sso/providers',
    {
      config: { access: 'public' },
      schema: { tags: ['identity'], response: { 200: SsoProvidersResponseSchema } },
    },
    async () => ({ providers }),
  );
}
