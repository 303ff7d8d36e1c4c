import {
  AI_CONVERT_IMPORT_PATH,
  AiConvertImportDeltaSchema,
  type AiConvertImportRequest,
} from '@lectern/contracts/data-import/data-import-ai.schemas';
import { postEventStream } from '../../../shared/api/event-stream.ts';

/**
 * Streaming `POST /api/data-import/ai-convert`: the model's question text, passed on piece by piece as it
 * arrives. Resolves with the whole text once the stream closes; rejects with the server's message.
 */
export async function aiConvertImport(
  body: AiConvertImportRequest,
  handlers: { signal?: AbortSignal; onText: (text: string) => void },
): Promise<string> {
  let text = '';
  await postEventStream(AI_CONVERT_IMPORT_PATH, body, {
    signal: handlers.signal,
    onEvent: (event) => {
      const delta = AiConvertImportDeltaSchema.safeParse(event.data);
      if (!delta.success) return;
      text += delta.data.data;
      handlers.onText(text);
    },
  });
  return text;
}
