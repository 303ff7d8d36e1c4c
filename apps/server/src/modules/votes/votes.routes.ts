import {
  CastVoteRequestSchema,
  VoteIdParamsSchema,
  VoteResponseSchema,
} from '@lectern/contracts/votes/votes.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { votesService } from './votes.service.ts';

const tags = ['votes'];

/** Votes at the paths the original system's clients call; creating and editing one is the activity form's. */
export function registerVotesRoutes(app: Api, ctx: AppContext, push: PushBus): void {
  const votes = votesService(ctx, push);

  app.get(
    '/api/votes/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: VoteIdParamsSchema, response: { 200: VoteResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return votes.get(actorOf(request), request.params.id);
    },
  );

  app.post(
    '/api/votes/:id/vote',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: VoteIdParamsSchema,
        body: CastVoteRequestSchema,
        response: { 200: VoteResponseSchema },
      },
    },
    async (request) => votes.cast(actorOf(request), request.params.id, request.body),
  );
}
