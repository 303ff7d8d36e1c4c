import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Enforces the access each route declares, and the CSRF token on cookie-authenticated writes.
 * SameSite=Lax already stops cross-site form posts; the header stops everything else, because a
 * foreign page can neither read our cookie nor set a custom header without a CORS preflight we refuse.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') && !url.startsWith('/studio/')) return;
    if (url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(
        `Route ${String(route.method)} ${url} does not declare who may call it (config.access)`,
      );
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.actor) throw unauthenticated();
    if (access === 'org_admin' && request.actor.orgRole !== 'admin') throw forbidden();
    if (!SAFE_METHODS.has(request.method) && !request.routeOptions.config.csrfExempt) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || sent !== request.csrfToken) throw new AppError('csrf_failed');
    }
  });
}
