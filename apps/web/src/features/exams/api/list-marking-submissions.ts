import {
  MarkingSubmissionsResponseSchema,
  type MarkingSubmissionsResponse,
} from '@lectern/contracts/exams/marking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey, type MarkingScope } from './list-marking-examinees.ts';

/** Whose submissions: one examinee's, or one group's in a group exam. */
export type MarkingTarget = { kind: 'examinee' | 'group'; id: number };

/**
 * `GET /api/exams/{id}/subjects/{subjectId}/examinees/{examineeId}/submissions?is_makeup_exam=` or
 * `.../groups/{groupId}/submissions`: final submissions, oldest first, with their papers.
 */
export function listMarkingSubmissions(
  { examId, subjectId, isMakeup }: MarkingScope,
  target: MarkingTarget,
  signal?: AbortSignal,
): Promise<MarkingSubmissionsResponse> {
  const segment = target.kind === 'group' ? 'groups' : 'examinees';
  return request(`/api/exams/${examId}/subjects/${subjectId}/${segment}/${target.id}/submissions`, {
    query: { is_makeup_exam: isMakeup ? 1 : 0 },
    schema: MarkingSubmissionsResponseSchema,
    signal,
  });
}

export function useMarkingSubmissions(scope: MarkingScope, target: MarkingTarget | null) {
  return useQuery({
    queryKey: [
      ...markingQueryKey(scope.examId),
      'submissions',
      scope.subjectId,
      scope.isMakeup,
      target?.kind ?? '',
      target?.id ?? 0,
    ] as const,
    queryFn: ({ signal }) => listMarkingSubmissions(scope, target ?? { kind: 'examinee', id: 0 }, signal),
    enabled: target !== null,
  });
}
