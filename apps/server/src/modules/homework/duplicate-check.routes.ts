import {
  DuplicatePairDetailSchema,
  DuplicatePairParamsSchema,
  DuplicatePairsQuerySchema,
  DuplicatePairsResponseSchema,
  DuplicateRateQuerySchema,
  DuplicateRateResponseSchema,
  ThirdPartyChecksResponseSchema,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { duplicateCheckService } from './duplicate-check.service.ts';

const tags = ['homework'];

export function registerDuplicateCheckRoutes(app: Api, ctx: AppContext): void {
  const service = duplicateCheckService(ctx);

  app.get(
    '/api/homework/:id/duplicate-detect/rate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Each target\'s highest duplicate rate against any other submission of the homework (null: "--"). ' +
          'target_ids are student ids, or group ids for group homework.',
        params: IdParamsSchema,
        querystring: DuplicateRateQuerySchema,
        response: { 200: DuplicateRateResponseSchema },
      },
    },
    async (request) => service.rates(actorOf(request), request.params.id, request.query.target_ids),
  );

  app.get(
    '/api/homework/:id/duplicate-detect/pairs',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Pairs of submissions at or above the threshold (default 20), highest rate first.',
        params: IdParamsSchema,
        querystring: DuplicatePairsQuerySchema,
        response: { 200: DuplicatePairsResponseSchema },
      },
    },
    async (request) => service.pairs(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/homework/:id/duplicate-detect/pairs/:pairId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'One pair: both texts and the passages they share, for reading side by side.',
        params: DuplicatePairParamsSchema,
        response: { 200: DuplicatePairDetailSchema },
      },
    },
    async (request) => service.pair(actorOf(request), request.params.id, request.params.pairId),
  );

  app.get(
    '/api/homework/:id/duplicate-detect/third-party',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "The external checker's status, similarity and report link per submitted file.",
        params: IdParamsSchema,
        response: { 200: ThirdPartyChecksResponseSchema },
      },
    },
    async (request) => service.thirdParty(actorOf(request), request.params.id),
  );
}
