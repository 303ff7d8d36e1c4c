import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function defaultWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Hook for indexable pages: given a client route and the built index.html, the page to send instead
 * (per-page `<title>` and meta tags), or null to send index.html unchanged. The public listings slice
 * provides it for public course and curriculum addresses.
 */
export type IndexHtmlTransform = (url: string, html: string) => Promise<string | null>;

/**
 * Serves the built single-page app. Unknown non-API GETs that accept HTML get index.html so client
 * routes deep-link; everything else falls through to the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string | undefined,
  transformIndex?: IndexHtmlTransform,
): Promise<boolean> {
  if (!root || !existsSync(path.join(root, 'index.html'))) return false;
  let indexHtml: string | undefined;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Vite fingerprints everything under /assets, so those never change once served.
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/browser-warning', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
    reply.type('text/html; charset=utf-8').sendFile('browser-warning.html'),
  );
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/anonymous-api/')) return reply.callNotFound();
    const file = path.join(root, decodeURIComponent(url));
    if (file.startsWith(root) && url !== '/' && existsSync(file) && !url.endsWith('/')) {
      return reply.sendFile(url.slice(1));
    }
    if (path.extname(url) !== '' && !url.endsWith('.html')) return reply.callNotFound();
    // Public listings hook: per-page meta tags for public course and curriculum pages.
    if (transformIndex) {
      indexHtml ??= readFileSync(path.join(root, 'index.html'), 'utf8');
      const page = await transformIndex(url, indexHtml);
      if (page !== null) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      }
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
  return true;
}
