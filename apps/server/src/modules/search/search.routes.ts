import { SearchQuerySchema, SearchResponseSchema } from '@lectern/contracts/search/search.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { searchService } from './search.service.ts';

const tags = ['search'];

/** The header's search over the user's courses and their activities. */
export function registerSearchRoutes(app: Api, ctx: AppContext): void {
  const search = searchService(ctx);

  app.get(
    '/api/search',
    {
      config: { access: 'user' },
      schema: { tags, querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
    },
    async (request) => search.search(actorOf(request), request.query),
  );
}
