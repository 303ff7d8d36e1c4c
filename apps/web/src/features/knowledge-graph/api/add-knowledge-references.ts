import {
  KnowledgeReferencesResponseSchema,
  type KnowledgeReferencesRequest,
  type KnowledgeReferencesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/knowledge-node/{id}/reference`: links activities, files or questions to a node. */
export function addKnowledgeReferences(
  nodeId: number,
  body: KnowledgeReferencesRequest,
): Promise<KnowledgeReferencesResponse> {
  return request(`/api/knowledge-node/${nodeId}/reference`, {
    method: 'POST',
    body,
    schema: KnowledgeReferencesResponseSchema,
  });
}
