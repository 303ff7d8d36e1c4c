import { StudentsResponseSchema, type Member } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionChoicesQueryKey } from './ask-questions-keys.ts';

/** `GET /api/course/{id}/students` (spec 000 section 7): how many can be drawn. */
export async function listStudents(courseId: number, signal?: AbortSignal): Promise<Member[]> {
  return (await request(`/api/course/${courseId}/students`, { schema: StudentsResponseSchema, signal }))
    .students;
}

export function useStudents(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: askQuestionChoicesQueryKey(courseId, 'students'),
    queryFn: ({ signal }) => listStudents(courseId, signal),
    enabled,
  });
}
