/**
 * A concrete path for a declared Fastify route: each `:name` parameter filled in, and `::` (Fastify's
 * escape of a literal ':', as in `…/published-forest-versions::batchGet`) written as the ':' it stands for.
 */
export function fillRoutePath(url: string, fill: (name: string) => string): string {
  return url.replace(/::|:(\w+)/g, (_match, name: string | undefined) =>
    name === undefined ? ':' : fill(name),
  );
}
