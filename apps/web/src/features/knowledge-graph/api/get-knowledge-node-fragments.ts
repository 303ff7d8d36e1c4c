import {
  KnowledgeNodeFragmentsSchema,
  type KnowledgeNodeFragments,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodeKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-node/{nid}/fragments`: the parts of activities (video chapters) that teach it. */
export function getKnowledgeNodeFragments(
  courseId: number,
  nodeId: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeFragments> {
  return request(`/api/course/${courseId}/knowledge-node/${nodeId}/fragments`, {
    schema: KnowledgeNodeFragmentsSchema,
    signal,
  });
}

export function useKnowledgeNodeFragments(courseId: number, nodeId: number) {
  return useQuery({
    queryKey: [...knowledgeNodeKey(nodeId), 'fragments', courseId],
    queryFn: ({ signal }) => getKnowledgeNodeFragments(courseId, nodeId, signal),
  });
}
