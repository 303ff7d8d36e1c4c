import type { ResourceVisitRequest } from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { sendKnowledgeBeacon } from './send-knowledge-beacon.ts';

/** `POST /api/knowledge-resource-visit`: the learner opened one of a node's resources (a beacon). */
export function reportResourceVisit(body: ResourceVisitRequest): void {
  sendKnowledgeBeacon('/api/knowledge-resource-visit', body);
}
