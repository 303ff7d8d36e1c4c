import {
  GroupSetSchema,
  GroupSetsResponseSchema,
  type GroupSet,
} from '@lectern/contracts/courses/course.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { courseScopeKey } from './get-course.ts';

export function groupSetsQueryKey(courseId: number) {
  return [...courseScopeKey(courseId), 'group-sets'] as const;
}

/** Without `fields` and with every set preloaded, the server answers whole group sets. */
const FullGroupSetsResponseSchema = GroupSetsResponseSchema.extend({ group_sets: z.array(GroupSetSchema) });

export async function listGroupSets(courseId: number, signal?: AbortSignal): Promise<GroupSet[]> {
  const response = await request(`/api/courses/${courseId}/group-sets`, {
    query: { preload_id: -1 },
    schema: FullGroupSetsResponseSchema,
    signal,
  });
  return response.group_sets;
}

export function groupSetsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: groupSetsQueryKey(courseId),
    queryFn: ({ signal }) => listGroupSets(courseId, signal),
  });
}

export function useGroupSets(courseId: number) {
  return useQuery(groupSetsQueryOptions(courseId));
}
