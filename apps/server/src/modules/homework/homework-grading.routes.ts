import { HomeworkIdParamsSchema } from '@lectern/contracts/homework/homework.schemas';
import { AiGradingRequestSchema } from '@lectern/contracts/homework/homework-grading.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { answerWithEventStream } from '../ai/ai-event-stream.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { homeworkGradingService } from './homework-grading.service.ts';

/** Streaming `POST /api/homeworks/{id}/grading` (spec 001 section 7): an AI grading suggestion. */
export function registerHomeworkGradingRoutes(app: Api, ctx: AppContext, provider: AiProvider): void {
  const grading = homeworkGradingService(ctx, provider);

  app.post(
    '/api/homeworks/:id/grading',
    {
      config: { access: 'user' },
      schema: {
        tags: ['homework'],
        description:
          'Server-sent events (text/event-stream): unnamed events `{ data }` with the model text as it ' +
          'arrives, then a `result` event with the AiGradingSuggestion; a failure after the first event ' +
          'is an `error` event `{ code, message }`.',
        params: HomeworkIdParamsSchema,
        body: AiGradingRequestSchema,
      },
    },
    async (request, reply) =>
      answerWithEventStream(request, reply, (writer) =>
        grading.suggest(actorOf(request), request.params.id, request.body.submission_id, writer),
      ),
  );
}
