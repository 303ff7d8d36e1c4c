import { ClassroomStateSchema, type ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** How often the classroom page asks what is released and how many have answered. */
export const CLASSROOM_POLL_MS = 3_000;

export function classroomStateQueryKey(examId: number) {
  return ['exams', examId, 'classroom-state'] as const;
}

/** `GET /api/classroom-exams/{id}/state`: the released question and the answers so far. */
export function getClassroomState(examId: number, signal?: AbortSignal): Promise<ClassroomState> {
  return request(`/api/classroom-exams/${examId}/state`, { schema: ClassroomStateSchema, signal });
}

export function useClassroomState(examId: number) {
  return useQuery({
    queryKey: classroomStateQueryKey(examId),
    queryFn: ({ signal }) => getClassroomState(examId, signal),
    refetchInterval: CLASSROOM_POLL_MS,
    staleTime: 0,
  });
}
