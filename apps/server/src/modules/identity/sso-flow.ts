import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_ERROR_PARAM } from '@lectern/contracts/identity/sso.codes';
import {
  sameOriginPath,
  type SsoErrorCode,
  type SsoProviderId,
} from '@lectern/contracts/identity/sso.schemas';
import type { Config } from '../../config.ts';
import type { IssuedSession } from './identity.service.ts';
import { SESSION_COOKIE } from './session.hook.ts';

/**
 * A sign-in that the identity provider (or we) refused. It never becomes an error response: the callback
 * sends the browser back to the login page with the code, which the page shows in the user's language.
 */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    reason: string,
  ) {
    super(reason);
    this.name = 'SsoError';
  }
}

/** Where a signed-in user lands when the sign-in did not say (the login page does the same). */
export const DEFAULT_NEXT = '/user/courses';

/**
 * The browser's half of a sign-in in progress: which provider, where to go afterwards and, for OIDC,
 * state, nonce and PKCE verifier. Kept in a short-lived signed httpOnly cookie rather than a table, so
 * an abandoned sign-in leaves nothing behind; the callback insists on it, so nobody can finish a sign-in
 * in someone else's browser (login CSRF).
 */
export type SsoFlow = {
  provider: SsoProviderId;
  next: string | null;
  state?: string;
  nonce?: string;
  codeVerifier?: string;
};

const FLOW_COOKIE = 'lectern_sso_flow';
const FLOW_PATH = '/api/sso';
const FLOW_TTL_MS = 10 * 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`sso-flow:${payload}`).digest('base64url');
}

export function ssoFlowCookies(config: Config) {
  const base = { path: FLOW_PATH, httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  return {
    start(reply: FastifyReply, flow: SsoFlow): void {
      const payload = Buffer.from(JSON.stringify({ ...flow, exp: Date.now() + FLOW_TTL_MS })).toString(
        'base64url',
      );
      reply.setCookie(FLOW_COOKIE, `${payload}.${sign(config.sessionSecret, payload)}`, {
        ...base,
        maxAge: FLOW_TTL_MS / 1000,
      });
    },

    /** The flow this browser started with `provider`, consumed: a callback can use it once. */
    take(request: FastifyRequest, reply: FastifyReply, provider: SsoProviderId): SsoFlow | null {
      const raw = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, base);
      if (!raw) return null;
      const [payload = '', mac = ''] = raw.split('.');
      const expected = Buffer.from(sign(config.sessionSecret, payload));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SsoFlow & {
          exp: number;
        };
        if (flow.provider !== provider || !(flow.exp > Date.now())) return null;
        return { ...flow, next: sameOriginPath(flow.next) };
      } catch {
        return null;
      }
    },
  };
}

/** Our own URL for a path, from the configured public address: never from the request's Host header. */
export function publicUrl(config: Config, pathname: string): string {
  if (!config.sso.publicUrl) throw new Error('LECTERN_PUBLIC_URL is not configured');
  return new URL(pathname, config.sso.publicUrl).toString();
}

/** Signs the browser in with the session the identity service issued and sends it on to `next`. */
export function redirectSignedIn(
  reply: FastifyReply,
  config: Config,
  session: IssuedSession,
  next: string | null,
) {
  return reply
    .setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      sameSite: 'lax',
      secure: config.cookieSecure,
      httpOnly: true,
      expires: session.expiresAt,
    })
    .redirect(next ?? DEFAULT_NEXT, 302);
}

/** Back to the login page with the reason, keeping where the user was going for the next try. */
export function redirectToLogin(reply: FastifyReply, code: SsoErrorCode, next: string | null) {
  const query = new URLSearchParams({ [SSO_ERROR_PARAM]: code });
  if (next) query.set('next', next);
  return reply.redirect(`/login?${query.toString()}`, 302);
}
