import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser made this request for a page of another origin: Fetch Metadata's Sec-Fetch-Site is
 * `same-origin` for our own pages and `none` for an address typed or bookmarked by the user. Clients that
 * are not browsers (the bench, scripts, apps) send no Sec-Fetch-* header at all and are let through.
 */
export function isCrossSiteBrowserRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return false;
  return site !== 'same-origin' && site !== 'none';
}

/**
 * Whether a write was sent by a browser on behalf of another origin's page (decision 0012). Sec-Fetch-Site
 * decides when the browser sends it: it is set by the browser alone and survives proxies that rewrite Host
 * (the dev server's proxy does). Browsers without Fetch Metadata still send Origin on every POST, which must
 * then name this server's own host; `null` (sandboxed frames, data: pages) names no host and is refused.
 * A request with neither header did not come from a browser page: scripts and apps, whose cookie an
 * attacker's page cannot make them send, so they pass without any token.
 */
export function isForeignBrowserWrite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] !== undefined) return isCrossSiteBrowserRequest(request);
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !isOwnHost(origin, request.host);
}

/** Host against host, each parsed with the Origin's scheme so a default port (`:80`, `:443`) reads the same. */
function isOwnHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    return from.host !== '' && from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
