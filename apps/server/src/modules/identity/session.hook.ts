import type { FastifyInstance } from 'fastify';
import { localeFromAcceptLanguage } from '@lectern/contracts/common/locale';
import type { IdentityService } from './identity.service.ts';

export const SESSION_COOKIE = 'lectern_session';
/** Readable by the page (not httpOnly) so the client can echo it in x-csrf-token. */
export const CSRF_COOKIE = 'lectern_csrf';

/** Attaches the caller's locale and, when the session cookie is live, the actor to every request. */
export function registerSessionHook(app: FastifyInstance, identity: IdentityService): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('csrfToken', null);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await identity.resolve(token);
    if (!resolved) return;
    request.actor = { ...resolved.actor, locale: request.locale };
    request.csrfToken = resolved.csrfToken;
  });
}
