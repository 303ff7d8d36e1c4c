import {
  AI_GRADING_RESULT_EVENT,
  AiGradingSuggestionSchema,
  AiStreamDeltaSchema,
  type AiGradingSuggestion,
} from '@lectern/contracts/homework/homework-grading.schemas';
import { ApiError } from '../../../shared/api/http-client.ts';
import { postEventStream } from '../../../shared/api/event-stream.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

export interface AiGradingHandlers {
  signal?: AbortSignal;
  /** The server started the stream. */
  onOpen: () => void;
  /** A piece of the model's text. */
  onText: (text: string) => void;
}

/**
 * Streaming `POST /api/homeworks/{id}/grading`: calls back as the suggestion is written and resolves with
 * the checked suggestion once the stream closes. Rejects with the server's message on any failure.
 */
export async function requestAiGrading(
  homeworkId: number,
  submissionId: number,
  handlers: AiGradingHandlers,
): Promise<AiGradingSuggestion> {
  let result: AiGradingSuggestion | null = null;
  await postEventStream(
    `/api/homeworks/${homeworkId}/grading`,
    { submission_id: submissionId },
    {
      signal: handlers.signal,
      onOpen: handlers.onOpen,
      onEvent: (event) => {
        if (event.event === AI_GRADING_RESULT_EVENT) {
          const parsed = AiGradingSuggestionSchema.safeParse(event.data);
          if (parsed.success) result = parsed.data;
          return;
        }
        const delta = AiStreamDeltaSchema.safeParse(event.data);
        if (delta.success) handlers.onText(delta.data.data);
      },
    },
  );
  if (!result) {
    throw new ApiError({ status: 200, code: 'invalid_response', message: i18n.t('shared:errors.server') });
  }
  return result;
}
