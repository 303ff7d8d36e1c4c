import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, simulatingReadOnly, unauthenticated } from '../errors.ts';
import { isCrossSiteBrowserRequest, isForeignBrowserWrite } from './fetch-metadata.ts';
import type { Access } from './request-context.ts';

export type DeclaredRoute = { method: string; url: string; access: Access };

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every API route of an app with the access it declares: for tests that must cover every route. */
export function routesOf(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Enforces the access each route declares, what a personal access token may do, and cross-site request
 * protection (decision 0012). A cookie-authenticated write is refused when the browser says another
 * site's page sent it (Sec-Fetch-Site, else Origin); with SameSite=Lax the cookie is not even sent on
 * cross-site form posts. Scripts and apps send neither header and need no token. A bearer token is never
 * attached by a browser on its own, so token requests cannot be forged and skip that check.
 */
export function registerAccessControl(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') && !url.startsWith('/studio/') && !url.startsWith('/anonymous-api/')) return;
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
    const write = !SAFE_METHODS.has(request.method);
    if (access && access !== 'public') {
      if (!request.actor) throw unauthenticated();
      if (access === 'org_admin' && request.actor.orgRole !== 'admin') throw forbidden();
      // Simulation is a read-only look at a course as its students see it: nothing done meanwhile may
      // change data, in that course or anywhere else (a token never simulates).
      if (write && request.actor.simulatingCourseId !== null && !config.allowWhileSimulating) {
        throw simulatingReadOnly();
      }
    }
    const scope = request.accessTokenScope;
    if (scope) {
      if (config.sessionOnly || access === 'org_admin') {
        throw forbidden('identity.accessTokenSessionOnly');
      }
      if (write && scope === 'read') throw forbidden('identity.accessTokenReadOnly');
      return;
    }
    if (write && isForeignBrowserWrite(request)) throw new AppError('csrf_failed');
    if (config.sameOriginOnly && isCrossSiteBrowserRequest(request)) {
      throw forbidden('request.crossSiteRefused');
    }
  });
}
