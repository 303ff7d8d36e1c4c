import type {
  CaptureVisitRequest,
  ResourceVisitRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { reportCaptureVisit } from '../api/report-capture-visit.ts';
import { reportResourceVisit } from '../api/report-resource-visit.ts';

/**
 * The visit reports of the graph's links, with the fields spec 001 names for the beacons (the server takes the
 * visitor from the session; the rest is what the original clients send alongside).
 */
export function useKnowledgeVisits() {
  const course = useCurrentCourse();
  const { data: user } = useCurrentUser();
  const who = {
    user_id: user?.id,
    org_id: user?.org_id,
    course_code: course.course_code ?? undefined,
    org_code: user?.org.code,
  };
  return {
    resource(nodeId: number, type: ResourceVisitRequest['resource_type'], resourceId: number) {
      reportResourceVisit({
        ...who,
        course_id: course.id,
        knowledge_node_id: nodeId,
        resource_id: resourceId,
        resource_type: type,
      });
    },
    capture(capture: { id: number; knowledge_node_id: number }) {
      const body: CaptureVisitRequest = {
        ...who,
        course_id: course.id,
        knowledge_node_id: capture.knowledge_node_id,
        capture_id: capture.id,
        capture_code: String(capture.id),
      };
      reportCaptureVisit(body);
    },
  };
}
