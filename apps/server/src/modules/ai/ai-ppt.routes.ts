import { AiPptUsageSchema } from '@lectern/contracts/ai/ai-ppt.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { aiPptService } from './ai-ppt.service.ts';

const tags = ['ai'];

/** AI slide-deck usage (spec 000 section 7, "AI slides"): the caller's own count, counted up one use at a time. */
export function registerAiPptRoutes(app: Api, ctx: AppContext): void {
  const ppt = aiPptService(ctx);
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/api/ai-ppt/usage',
    { config: { access: 'user' }, schema: { tags, response: { 200: AiPptUsageSchema } } },
    async (request) => ppt.recordUse(actorOf(request)),
  );

  app.get(
    '/api/ai-ppt/user/usage/count',
    { config: { access: 'user' }, schema: { tags, response: { 200: AiPptUsageSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ppt.myUsage(actorOf(request));
    },
  );
}
