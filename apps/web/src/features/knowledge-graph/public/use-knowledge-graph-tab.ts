import type { Course } from '@lectern/contracts/courses/course.schemas';
import { isTeaching } from '@lectern/contracts/courses/course-roles';
import { useKnowledgeGraphStatus } from '../api/get-knowledge-graph-status.ts';

/**
 * Whether the course's sections list the knowledge graph: always for those who manage or teach the course
 * (they build it before anyone else sees it), for everyone else once it is published: they ask only whether
 * it is (the graph itself would answer 403 while it is not).
 */
export function useKnowledgeGraphTab(course: Course): boolean {
  const team = course.can_manage || isTeaching(course.current_user_roles);
  const status = useKnowledgeGraphStatus(course.id, { enabled: !team });
  return team || status.data?.published === true;
}
