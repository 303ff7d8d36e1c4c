import {
  KNOWLEDGE_AI_PARSE_TREE_EVENT,
  KnowledgeParsedTreeSchema,
  type KnowledgeAiParseRequest,
  type KnowledgeParsedTree,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { z } from 'zod';
import { postEventStream } from '../../../shared/api/event-stream.ts';

/** The unnamed events: a piece of the outline text as the model writes it. */
const DeltaSchema = z.object({ data: z.string() });

/**
 * Streaming `POST /api/course/{id}/knowledge-nodes/ai-parse` with `upload_id`: passes on the outline text as it
 * grows, and resolves with the tree of the final `tree` event. Rejects with the server's message (no model
 * configured, no credit, a file without text) before or during the stream.
 */
export async function aiParseKnowledgeOutline(
  courseId: number,
  body: KnowledgeAiParseRequest,
  handlers: { signal?: AbortSignal; onText: (text: string) => void },
): Promise<KnowledgeParsedTree | null> {
  let text = '';
  let tree: KnowledgeParsedTree | null = null;
  await postEventStream(`/api/course/${courseId}/knowledge-nodes/ai-parse`, body, {
    signal: handlers.signal,
    onEvent: (event) => {
      if (event.event === KNOWLEDGE_AI_PARSE_TREE_EVENT) {
        const parsed = KnowledgeParsedTreeSchema.safeParse(event.data);
        if (parsed.success) tree = parsed.data;
        return;
      }
      const delta = DeltaSchema.safeParse(event.data);
      if (!delta.success) return;
      text += delta.data.data;
      handlers.onText(text);
    },
  });
  return tree;
}
