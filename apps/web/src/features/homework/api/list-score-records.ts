import {
  ScoreRecordsResponseSchema,
  type ScoreRecordsResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export const SCORE_RECORDS_PAGE_SIZE = 5;

/** `GET /api/activity/{a}/submitter/{s}/score-records?page=&page_size=`: score changes, newest first. */
export function listScoreRecords(
  homeworkId: number,
  submitterId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ScoreRecordsResponse> {
  return request(`/api/activity/${homeworkId}/submitter/${submitterId}/score-records`, {
    query: { page, page_size: SCORE_RECORDS_PAGE_SIZE },
    schema: ScoreRecordsResponseSchema,
    signal,
  });
}

export function useScoreRecords(homeworkId: number, submitterId: number, page: number) {
  return useQuery({
    queryKey: [...homeworkKey(homeworkId), 'score-records', submitterId, page] as const,
    queryFn: ({ signal }) => listScoreRecords(homeworkId, submitterId, page, signal),
    placeholderData: keepPreviousData,
  });
}
