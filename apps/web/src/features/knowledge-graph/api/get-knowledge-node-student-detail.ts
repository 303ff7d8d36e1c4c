import {
  KnowledgeNodeStudentDetailSchema,
  type KnowledgeNodeStudentDetail,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { KNOWLEDGE_STAT_PAGE_SIZE, knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-nodes/{id}/statistics/student-detail`: the students on one node, weakest first. */
export function getKnowledgeNodeStudentDetail(
  nodeId: number,
  page: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeStudentDetail> {
  return request(`/api/knowledge-nodes/${nodeId}/statistics/student-detail`, {
    schema: KnowledgeNodeStudentDetailSchema,
    query: { page, page_size: KNOWLEDGE_STAT_PAGE_SIZE },
    signal,
  });
}

export function useKnowledgeNodeStudentDetail(nodeId: number, page: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('student-detail', nodeId, page),
    queryFn: ({ signal }) => getKnowledgeNodeStudentDetail(nodeId, page, signal),
    placeholderData: keepPreviousData,
  });
}
