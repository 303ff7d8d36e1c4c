import {
  RubricDeletedResponseSchema,
  RubricIdParamsSchema,
  RubricInputSchema,
  RubricSchema,
  RubricsQuerySchema,
  RubricsResponseSchema,
} from '@lectern/contracts/rubrics/rubric.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { rubricsService } from './rubrics.service.ts';

const tags = ['rubrics'];

/** Marking rubrics (spec 000 addendum section 7, spec 001 section 7 "Rubrics"). */
export function registerRubricsRoutes(app: Api, ctx: AppContext): void {
  const rubrics = rubricsService(ctx);

  app.get(
    '/api/rubrics',
    {
      config: { access: 'user' },
      schema: { tags, querystring: RubricsQuerySchema, response: { 200: RubricsResponseSchema } },
    },
    async (request) => ({ rubrics: await rubrics.list(actorOf(request), request.query) }),
  );

  app.post(
    '/api/rubrics',
    {
      config: { access: 'user' },
      schema: { tags, body: RubricInputSchema, response: { 201: RubricSchema } },
    },
    async (request, reply) => reply.status(201).send(await rubrics.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/rubrics/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: RubricIdParamsSchema, response: { 200: RubricSchema } },
    },
    async (request) => rubrics.get(actorOf(request), request.params.id),
  );

  app.put(
    '/api/rubrics/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: RubricIdParamsSchema,
        body: RubricInputSchema,
        response: { 200: RubricSchema },
      },
    },
    async (request) => rubrics.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/rubrics/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: RubricIdParamsSchema, response: { 200: RubricDeletedResponseSchema } },
    },
    async (request) => rubrics.remove(actorOf(request), request.params.id),
  );
}
