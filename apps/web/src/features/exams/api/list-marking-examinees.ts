import {
  MarkingExamineesResponseSchema,
  MarkingGroupsResponseSchema,
  type MarkingExamineesResponse,
  type MarkingGroupsResponse,
} from '@lectern/contracts/exams/marking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** Everything cached for marking one exam, so a saved score can refresh it all at once. */
export function markingQueryKey(examId: number) {
  return ['exams', examId, 'marking'] as const;
}

export interface MarkingScope {
  examId: number;
  /** A question of the paper, or 0 for whole submissions (marking by student). */
  subjectId: number;
  isMakeup: boolean;
}

function makeupQuery(isMakeup: boolean) {
  return { is_makeup_exam: isMakeup ? 1 : 0 };
}

/** `GET /api/exams/{id}/subjects/{subjectId}/examinees?is_makeup_exam=`. */
export function listMarkingExaminees(
  { examId, subjectId, isMakeup }: MarkingScope,
  signal?: AbortSignal,
): Promise<MarkingExamineesResponse> {
  return request(`/api/exams/${examId}/subjects/${subjectId}/examinees`, {
    query: makeupQuery(isMakeup),
    schema: MarkingExamineesResponseSchema,
    signal,
  });
}

/** `GET /api/exams/{id}/subjects/{subjectId}/groups?is_makeup_exam=` (group exams). */
export function listMarkingGroups(
  { examId, subjectId, isMakeup }: MarkingScope,
  signal?: AbortSignal,
): Promise<MarkingGroupsResponse> {
  return request(`/api/exams/${examId}/subjects/${subjectId}/groups`, {
    query: makeupQuery(isMakeup),
    schema: MarkingGroupsResponseSchema,
    signal,
  });
}

export function useMarkingExaminees(scope: MarkingScope, enabled = true) {
  return useQuery({
    queryKey: [...markingQueryKey(scope.examId), 'examinees', scope.subjectId, scope.isMakeup] as const,
    queryFn: ({ signal }) => listMarkingExaminees(scope, signal),
    enabled,
  });
}

export function useMarkingGroups(scope: MarkingScope, enabled = true) {
  return useQuery({
    queryKey: [...markingQueryKey(scope.examId), 'groups', scope.subjectId, scope.isMakeup] as const,
    queryFn: ({ signal }) => listMarkingGroups(scope, signal),
    enabled,
  });
}
