import {
  StartVideoAiSchema,
  VideoAiIdParamsSchema,
  VideoAiTaskSchema,
  VideoAiTasksResponseSchema,
} from '@lectern/contracts/ai/video-ai.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { AiProvider } from './ai-provider.ts';
import { videoAiService } from './video-ai.service.ts';

const tags = ['ai'];

/** AI captions, topics and chapters for an activity's videos (spec 001 section 5, upload options). */
export function registerVideoAiRoutes(app: Api, ctx: AppContext, provider: AiProvider): void {
  const videoAi = videoAiService(ctx, provider);

  app.post(
    '/api/activities/:id/video-ai',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: VideoAiIdParamsSchema,
        body: StartVideoAiSchema,
        response: { 202: VideoAiTaskSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await videoAi.start(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/activities/:id/video-ai',
    {
      config: { access: 'user' },
      schema: { tags, params: VideoAiIdParamsSchema, response: { 200: VideoAiTasksResponseSchema } },
    },
    async (request) => videoAi.list(actorOf(request), request.params.id),
  );

  app.get(
    '/api/video-ai/:id/captions.vtt',
    {
      config: { access: 'user' },
      schema: { tags, description: 'The generated captions as WebVTT.', params: VideoAiIdParamsSchema },
    },
    async (request, reply) => {
      const vtt = await videoAi.captions(actorOf(request), request.params.id);
      return reply.type('text/vtt; charset=utf-8').header('cache-control', 'private, no-cache').send(vtt);
    },
  );
}
