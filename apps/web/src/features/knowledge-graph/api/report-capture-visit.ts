import type { CaptureVisitRequest } from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { sendKnowledgeBeacon } from './send-knowledge-beacon.ts';

/** `POST /api/knowledge-capture-visit`: the learner opened a capture (a beacon). */
export function reportCaptureVisit(body: CaptureVisitRequest): void {
  sendKnowledgeBeacon('/api/knowledge-capture-visit', body);
}
