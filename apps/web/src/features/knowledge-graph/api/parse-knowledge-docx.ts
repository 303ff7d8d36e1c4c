import {
  KnowledgeParsedTreeSchema,
  type KnowledgeParsedTree,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/knowledge-nodes/parse/docx`: the outline of a Word file as a tree, saved nowhere (the preview). */
export function parseKnowledgeDocx(file: File): Promise<KnowledgeParsedTree> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request('/api/knowledge-nodes/parse/docx', {
    method: 'POST',
    body: form,
    schema: KnowledgeParsedTreeSchema,
  });
}

export function useParseKnowledgeDocx() {
  return useMutation({ mutationFn: parseKnowledgeDocx });
}
