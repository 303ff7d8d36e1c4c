import {
  KnowledgeGraphStatusSchema,
  type KnowledgeGraphStatus,
  type KnowledgeGraphStatusRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphStatusKey, knowledgeNodesKey, knowledgeTimelineKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-graph-status`: publish (takes a snapshot) or unpublish. */
export function setKnowledgeGraphStatus(
  courseId: number,
  body: KnowledgeGraphStatusRequest,
): Promise<KnowledgeGraphStatus> {
  return request(`/api/course/${courseId}/knowledge-graph-status`, {
    method: 'POST',
    body,
    schema: KnowledgeGraphStatusSchema,
  });
}

export function usePublishKnowledgeGraph(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (publishType: KnowledgeGraphStatusRequest['publish_type']) =>
      setKnowledgeGraphStatus(courseId, { publish_type: publishType }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
        client.invalidateQueries({ queryKey: knowledgeGraphStatusKey(courseId) }),
        client.invalidateQueries({ queryKey: knowledgeTimelineKey(courseId) }),
      ]),
  });
}
