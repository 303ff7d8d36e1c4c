import { ClassroomStateSchema, type ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';

/**
 * A fallback only: releases, closes and answers arrive on the push stream. A class of 200 phones polling
 * every 3 s was 67 requests a second for nothing while the instructor talked.
 */
export const CLASSROOM_POLL_MS = 20_000;

export function classroomStateQueryKey(examId: number) {
  return ['exams', examId, 'classroom-state'] as const;
}

/** `GET /api/classroom-exams/{id}/state`: the released question and the answers so far. */
export function getClassroomState(examId: number, signal?: AbortSignal): Promise<ClassroomState> {
  return request(`/api/classroom-exams/${examId}/state`, { schema: ClassroomStateSchema, signal });
}

/**
 * The state, refetched when the course's push stream says a question of this exam was released or closed
 * (`classroom.release_changed`), and after a reconnection, when events may have been missed. The teaching
 * team also follows the answers (`exam.answers_changed`, throttled by the server); students do not, since
 * they see no counts until the question closes and a class would otherwise refetch once a second.
 */
export function useClassroomState(examId: number, courseId: number, { followAnswers = false } = {}) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: classroomStateQueryKey(examId) });
  usePushEvents({
    onEvent: (event) => {
      if (event.course_id !== courseId || event.data.exam_id !== examId) return;
      if (event.type === 'classroom.release_changed') refetch();
      else if (followAnswers && event.type === 'exam.answers_changed') refetch();
    },
    onResync: refetch,
  });
  return useQuery({
    queryKey: classroomStateQueryKey(examId),
    queryFn: ({ signal }) => getClassroomState(examId, signal),
    refetchInterval: CLASSROOM_POLL_MS,
    staleTime: 0,
  });
}
