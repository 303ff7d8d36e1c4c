import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../errors.ts';
import { isCrossSiteBrowserRequest } from './fetch-metadata.ts';
import type { Access } from './request-context.ts';

export type DeclaredRoute = { method: string; url: string; access: Access };

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every API route of an app with the access it declares: for tests that must cover every route. */
export function routesOf(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Enforces the access each route declares, and the CSRF token on cookie-authenticated writes.
 * SameSite=Lax already stops cross-site form posts; the header stops everything else, because a
 * foreign page can neither read our cookie nor set a custom header without a CORS preflight we refuse.
 */
export function registerAccessControl(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') && !url.startsWith('/studio/')) return;
    if (url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${url} does not declare who may call it (config.access)`,
      );
    }
    for (const method of [route.method].flat()) declared.push({ method, url, access });
  });

  // onRequest, right after the session hook: who may call a route is settled before its body is parsed or
  // validated, so an anonymous caller learns nothing about a route's fields (401, not 400 with field
  // messages) and no unauthenticated body is ever read.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access;
    if (access && access !== 'public') {
      if (!request.actor) throw unauthenticated();
      if (access === 'org_admin' && request.actor.orgRole !== 'admin') throw forbidden();
      if (!SAFE_METHODS.has(request.method) && !config.csrfExempt) {
        const sent = request.headers[CSRF_HEADER];
        if (typeof sent !== 'string' || sent !== request.csrfToken) throw new AppError('csrf_failed');
      }
    }
    if (config.sameOriginOnly && isCrossSiteBrowserRequest(request)) {
      throw forbidden('request.crossSiteRefused');
    }
  });
}
