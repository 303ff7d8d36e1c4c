import {
  KnowledgeStudentsDimensionSchema,
  type KnowledgeStudentsDimension,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { KNOWLEDGE_STAT_PAGE_SIZE, knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-nodes/statistics/students-dimension`: each student over all the course's nodes. */
export function getKnowledgeStudentsDimension(
  courseId: number,
  page: number,
  signal?: AbortSignal,
): Promise<KnowledgeStudentsDimension> {
  return request(`/api/course/${courseId}/knowledge-nodes/statistics/students-dimension`, {
    schema: KnowledgeStudentsDimensionSchema,
    query: { page, page_size: KNOWLEDGE_STAT_PAGE_SIZE },
    signal,
  });
}

export function useKnowledgeStudentsDimension(courseId: number, page: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('students', courseId, page),
    queryFn: ({ signal }) => getKnowledgeStudentsDimension(courseId, page, signal),
    placeholderData: keepPreviousData,
  });
}
