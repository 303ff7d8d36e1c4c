import {
  MyCoursesResponseSchema,
  type CourseSummarySelection,
} from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/**
 * `POST /api/my-courses` restricted to the courses the viewer teaches, names only: the courses a graph may be
 * copied from (the server checks the source's teaching team again).
 */
export async function listImportSourceCourses(signal?: AbortSignal): Promise<CourseSummarySelection[]> {
  const response = await request('/api/my-courses', {
    method: 'POST',
    body: {
      page: 1,
      page_size: 100,
      fields: 'id,name,display_name',
      conditions: { role: ['instructor', 'instructor_assistant'] },
    },
    schema: MyCoursesResponseSchema,
    signal,
  });
  return response.courses;
}

export function useTeachingCoursesForImport(enabled: boolean) {
  return useQuery({
    queryKey: [...knowledgeGraphQueryKey, 'import-source-courses'],
    queryFn: ({ signal }) => listImportSourceCourses(signal),
    enabled,
  });
}
