import {
  KnowledgeStudentNodesSchema,
  type KnowledgeStudentNodes,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-nodes/student/{sid}/stats`: one student on every node, beside the class. */
export function getKnowledgeStudentNodes(
  courseId: number,
  studentId: number,
  signal?: AbortSignal,
): Promise<KnowledgeStudentNodes> {
  return request(`/api/course/${courseId}/knowledge-nodes/student/${studentId}/stats`, {
    schema: KnowledgeStudentNodesSchema,
    signal,
  });
}

export function useKnowledgeStudentNodes(courseId: number, studentId: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('student-nodes', courseId, studentId),
    queryFn: ({ signal }) => getKnowledgeStudentNodes(courseId, studentId, signal),
  });
}
