import { ModulesResponseSchema, type CourseModule } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionChoicesQueryKey } from './ask-questions-keys.ts';

/** `GET /api/courses/{id}/modules`: modules with their syllabi, for the module/syllabus selector. */
export async function listModules(courseId: number, signal?: AbortSignal): Promise<CourseModule[]> {
  return (await request(`/api/courses/${courseId}/modules`, { schema: ModulesResponseSchema, signal }))
    .modules;
}

export function useModules(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: askQuestionChoicesQueryKey(courseId, 'modules'),
    queryFn: ({ signal }) => listModules(courseId, signal),
    enabled,
  });
}
