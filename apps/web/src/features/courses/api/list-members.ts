import { MembersResponseSchema, type Member } from '@lectern/contracts/courses/course.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseScopeKey } from './get-course.ts';

export function membersQueryKey(courseId: number) {
  return [...courseScopeKey(courseId), 'members'] as const;
}

/** Contacts (e-mail) are only filled in for viewers allowed to see them. */
export async function listMembers(courseId: number, signal?: AbortSignal): Promise<Member[]> {
  const response = await request(`/api/courses/${courseId}/members`, {
    schema: MembersResponseSchema,
    signal,
  });
  return response.members;
}

export function membersQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: membersQueryKey(courseId),
    queryFn: ({ signal }) => listMembers(courseId, signal),
  });
}

export function useMembers(courseId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(courseId), enabled: options.enabled ?? true });
}
