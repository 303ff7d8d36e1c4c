import {
  KnowledgeSimilarityResponseSchema,
  type KnowledgeSimilarityRequest,
  type KnowledgeSimilarityResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSimilarityKey } from './knowledge-sync-keys.ts';

/** `POST /api/course/{id}/knowledge-graphs/similarity`: similar node pairs (a read sent as POST, as the spec has it). */
export function getKnowledgeSimilarities(
  courseId: number,
  body: KnowledgeSimilarityRequest,
  signal?: AbortSignal,
): Promise<KnowledgeSimilarityResponse> {
  return request(`/api/course/${courseId}/knowledge-graphs/similarity`, {
    method: 'POST',
    body,
    schema: KnowledgeSimilarityResponseSchema,
    signal,
  });
}

export function useKnowledgeSimilarities(courseId: number, threshold: number, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeSimilarityKey(courseId, threshold),
    queryFn: ({ signal }) => getKnowledgeSimilarities(courseId, { threshold, limit: 200 }, signal),
    enabled,
  });
}
