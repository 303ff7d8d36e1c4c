import {
  SubjectLibsResponseSchema,
  type SubjectLibsResponse,
} from '@lectern/contracts/exams/subject-lib.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursewareQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/** `GET /api/course/{id}/subject-libs?with_folder=0`: the course's question libraries to copy from. */
export function listQuizLibs(courseId: number, signal?: AbortSignal): Promise<SubjectLibsResponse> {
  return request(`/api/course/${courseId}/subject-libs`, {
    query: { with_folder: 0 },
    schema: SubjectLibsResponseSchema,
    signal,
  });
}

export function useQuizLibs(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...coursewareQuizzesQueryKey, 'libs', courseId],
    queryFn: ({ signal }) => listQuizLibs(courseId, signal),
    enabled,
  });
}
