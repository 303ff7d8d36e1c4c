import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import type { AppContext } from '../../platform/app-context.ts';
import type { IdentityService, IssuedSession } from './identity.service.ts';
import type { SsoAccountsService, SsoIdentity } from './sso-accounts.service.ts';
import { publicUrl, SsoError, type SsoFlow } from './sso-flow.ts';

export const OIDC_CALLBACK_PATH = '/api/sso/oidc/callback';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function claimText(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * An error openid-client raised while talking to the provider: a transport failure means the provider is
 * unavailable; anything it answered (a refused code, a state or nonce mismatch, a bad token) is a
 * failed sign-in.
 */
function classify(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const transport =
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
  return new SsoError(transport ? 'sso_unavailable' : 'sso_failed', `OIDC: ${String(error)}`);
}

/** Lectern as an OpenID Connect relying party: authorization code flow with PKCE, state and nonce. */
export function oidcService(
  ctx: AppContext,
  oidc: OidcConfig,
  identity: IdentityService,
  accounts: SsoAccountsService,
) {
  const redirectUri = publicUrl(ctx.config, OIDC_CALLBACK_PATH);
  const issuer = new URL(oidc.issuer);
  // Plain HTTP only for a provider on this machine (development, tests); anywhere else it must be HTTPS.
  const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  let discovered: Promise<client.Configuration> | undefined;

  /** Discovery once per process; a failed attempt is forgotten so the next sign-in tries again. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new SsoError('sso_unavailable', `OIDC discovery failed: ${String(error)}`);
      });
    return discovered;
  }

  return {
    /** The provider's authorization URL and the flow the browser must bring back. */
    async start(next: string | null): Promise<{ url: string; flow: SsoFlow }> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: oidc.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.toString(), flow: { provider: 'oidc', next, state, nonce, codeVerifier } };
    },

    /** Exchanges the code (checking state, nonce and PKCE) and opens the account's session. */
    async signIn(callbackPathAndQuery: string, flow: SsoFlow): Promise<IssuedSession> {
      const { state, nonce, codeVerifier } = flow;
      if (!state || !nonce || !codeVerifier) throw new SsoError('sso_failed', 'incomplete OIDC flow');
      let claims: Record<string, unknown>;
      try {
        const config = await configuration();
        // Only the query is taken from the request; origin and path are ours, so they match redirect_uri.
        const current = new URL(redirectUri);
        current.search = new URL(callbackPathAndQuery, redirectUri).search;
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new SsoError('sso_failed', 'no ID token');
        claims = { ...idClaims };
        // Providers often keep profile claims out of the ID token and answer them at userinfo.
        if (config.serverMetadata().userinfo_endpoint) {
          const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...userInfo, ...claims };
        }
      } catch (error) {
        throw classify(error);
      }
      const mapped: SsoIdentity = {
        userNo: claimText(claims, oidc.userNoClaim),
        name: claimText(claims, oidc.nameClaim),
        email: claimText(claims, oidc.emailClaim),
      };
      const user = await accounts.accountFor(mapped);
      return identity.issueSession(user.id);
    },
  };
}
