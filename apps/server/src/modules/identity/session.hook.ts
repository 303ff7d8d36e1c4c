import type { FastifyInstance } from 'fastify';
import { localeFromAcceptLanguage } from '@lectern/contracts/common/locale';
import { AppError } from '../../platform/errors.ts';
import type { IdentityService } from './identity.service.ts';

/**
 * The name the original system's clients send (scripts, the mobile helper, the assistant server), so they
 * work unchanged. httpOnly, SameSite=Lax, Secure over HTTPS (identity.routes.ts sets it).
 */
export const SESSION_COOKIE = 'session';

/** `Authorization: Bearer <token>`; other schemes (a proxy's Basic auth) are not ours and are ignored. */
function bearerTokenOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Attaches the caller's locale and the actor to every request: from a personal access token when the
 * request carries one, else from a live session cookie.
 */
export function registerSessionHook(app: FastifyInstance, identity: IdentityService): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('accessTokenScope', null);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    const bearer = bearerTokenOf(request.headers.authorization);
    if (bearer !== undefined) {
      // The token alone decides, and a cookie beside it is ignored: a token request carries no browser
      // session, so what it may do is exactly its scope. An unknown, revoked or expired token is refused
      // outright rather than treated as anonymous, so a script learns at once that its token is dead.
      const resolved = await identity.resolveAccessToken(bearer);
      if (!resolved) throw new AppError('unauthenticated', 'identity.accessTokenInvalid');
      request.actor = { ...resolved.actor, locale: request.locale };
      request.accessTokenScope = resolved.scope;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const actor = await identity.resolve(token);
    if (!actor) return;
    request.actor = { ...actor, locale: request.locale };
  });
}
