import { GroupSetsResponseSchema, type GroupSetSelection } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionChoicesQueryKey } from './ask-questions-keys.ts';

/**
 * `GET /api/courses/{id}/group-sets?preload_id=-1&fields=…` (spec 000 section 7): the sets with their
 * groups, so the modal can tell a set without groups (tip 2) before sending.
 */
export async function listGroupSets(courseId: number, signal?: AbortSignal): Promise<GroupSetSelection[]> {
  const response = await request(`/api/courses/${courseId}/group-sets`, {
    query: { preload_id: -1, fields: 'id,name,groups' },
    schema: GroupSetsResponseSchema,
    signal,
  });
  return response.group_sets;
}

export function useGroupSets(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: askQuestionChoicesQueryKey(courseId, 'group-sets'),
    queryFn: ({ signal }) => listGroupSets(courseId, signal),
    enabled,
  });
}
