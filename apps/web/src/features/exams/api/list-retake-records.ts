import {
  RetakeRecordsResponseSchema,
  type RetakeRecordsResponse,
} from '@lectern/contracts/exams/marking.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface RetakeRecordsParams {
  page: number;
  pageSize: number;
  includeMakeUp: boolean;
}

export function retakeRecordsBaseKey(examId: number) {
  return ['exams', examId, 'retake-records'] as const;
}

export function listRetakeRecords(
  examId: number,
  { page, pageSize, includeMakeUp }: RetakeRecordsParams,
  signal?: AbortSignal,
): Promise<RetakeRecordsResponse> {
  return request(`/api/exams/${examId}/retake-record`, {
    query: { page, page_size: pageSize, include_make_up: includeMakeUp ? 1 : 0 },
    schema: RetakeRecordsResponseSchema,
    signal,
  });
}

export function useRetakeRecords(examId: number, params: RetakeRecordsParams) {
  return useQuery({
    queryKey: [...retakeRecordsBaseKey(examId), params] as const,
    queryFn: ({ signal }) => listRetakeRecords(examId, params, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
