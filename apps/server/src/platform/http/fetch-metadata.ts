import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser made this request for a page of another origin: Fetch Metadata's Sec-Fetch-Site is
 * `same-origin` for our own pages and `none` for an address typed or bookmarked by the user. Clients that
 * are not browsers (the bench, scripts, apps) send no Sec-Fetch-* header at all and are let through;
 * browsers too old to send it are the ones SameSite cookies and the CSRF header already cover.
 */
export function isCrossSiteBrowserRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return false;
  return site !== 'same-origin' && site !== 'none';
}
