import {
  KnowledgeImportResultSchema,
  type KnowledgeImportFileType,
  type KnowledgeImportJson,
  type KnowledgeImportResult,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** What one import sends: an outline file, or a JSON body (a tree, or another course to copy from). */
export type KnowledgeImportInput =
  | { kind: 'file'; importType: KnowledgeImportFileType; file: File }
  | { kind: 'json'; body: KnowledgeImportJson };

/**
 * `POST /api/courses/{id}/knowledge-nodes/import`: multipart with `import_type` and a `file` part (Excel or
 * Word outline), or JSON (`data` tree, or `import_type` course with `source_course_id`).
 */
export function importKnowledgeNodes(
  courseId: number,
  input: KnowledgeImportInput,
): Promise<KnowledgeImportResult> {
  const path = `/api/courses/${courseId}/knowledge-nodes/import`;
  if (input.kind === 'json') {
    return request(path, { method: 'POST', body: input.body, schema: KnowledgeImportResultSchema });
  }
  // The type goes before the file, so the server knows it before reading the bytes.
  const form = new FormData();
  form.append('import_type', input.importType);
  form.append('file', input.file, input.file.name);
  return request(path, { method: 'POST', body: form, schema: KnowledgeImportResultSchema });
}

export function useImportKnowledgeNodes(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: KnowledgeImportInput) => importKnowledgeNodes(courseId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
  });
}
