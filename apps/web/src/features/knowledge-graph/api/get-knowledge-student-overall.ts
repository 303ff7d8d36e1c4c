import {
  KnowledgeStudentOverallSchema,
  type KnowledgeStudentOverall,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/courses/{id}/students/{sid}/knowledge-nodes/overall-stats`: one student over the whole graph, beside the class. */
export function getKnowledgeStudentOverall(
  courseId: number,
  studentId: number,
  signal?: AbortSignal,
): Promise<KnowledgeStudentOverall> {
  return request(`/api/courses/${courseId}/students/${studentId}/knowledge-nodes/overall-stats`, {
    schema: KnowledgeStudentOverallSchema,
    signal,
  });
}

export function useKnowledgeStudentOverall(courseId: number, studentId: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('student-overall', courseId, studentId),
    queryFn: ({ signal }) => getKnowledgeStudentOverall(courseId, studentId, signal),
  });
}
