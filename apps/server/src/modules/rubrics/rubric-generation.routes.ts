import {
  GeneratedRubricSchema,
  GenerateRubricRequestSchema,
} from '@lectern/contracts/rubrics/rubric.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { rubricGenerationService } from './rubric-generation.service.ts';

/** `POST /api/rubrics/generate` (spec 001 section 7): a rubric draft from an assignment description. */
export function registerRubricGenerationRoutes(app: Api, ctx: AppContext, provider: AiProvider): void {
  const generation = rubricGenerationService(ctx, provider);

  app.post(
    '/api/rubrics/generate',
    {
      config: { access: 'user' },
      schema: {
        tags: ['rubrics'],
        body: GenerateRubricRequestSchema,
        response: { 200: GeneratedRubricSchema },
      },
    },
    async (request) => generation.generate(actorOf(request), request.body),
  );
}
