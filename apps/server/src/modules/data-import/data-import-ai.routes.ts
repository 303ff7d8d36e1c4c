import {
  AI_CONVERT_IMPORT_PATH,
  AiConvertImportRequestSchema,
} from '@lectern/contracts/data-import/data-import-ai.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { answerWithEventStream } from '../ai/ai-event-stream.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { dataImportAiService } from './data-import-ai.service.ts';

/** Streaming `POST /api/data-import/ai-convert` (spec 000 sections 4, 8): AI question import. */
export function registerDataImportAiRoutes(app: Api, ctx: AppContext, provider: AiProvider): void {
  const service = dataImportAiService(ctx, provider);

  app.post(
    AI_CONVERT_IMPORT_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['data import'],
        description:
          'Server-sent events (text/event-stream): unnamed events `{ data }` with the question text (in the ' +
          'import format) as the model writes it; the stream then ends. A failure after the first event is ' +
          'an `error` event `{ code, message }`. Reads .docx, .pdf and .txt uploads of the caller.',
        body: AiConvertImportRequestSchema,
      },
    },
    async (request, reply) =>
      answerWithEventStream(request, reply, (writer) =>
        service.convert(actorOf(request), request.body, writer),
      ),
  );
}
