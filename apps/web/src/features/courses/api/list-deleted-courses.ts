import {
  RecycleBinResponseSchema,
  type RecycleBinResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursesQueryKey } from './get-course.ts';

export function deletedCoursesQueryKey() {
  return [...coursesQueryKey, 'deleted'] as const;
}

/** The caller's deleted courses still in the recycle bin: those they own or teach as instructor. */
export function listDeletedCourses(signal?: AbortSignal): Promise<RecycleBinResponse> {
  return request('/api/recycle-bin/courses', { schema: RecycleBinResponseSchema, signal });
}

export function deletedCoursesQueryOptions() {
  return queryOptions({
    queryKey: deletedCoursesQueryKey(),
    queryFn: ({ signal }) => listDeletedCourses(signal),
  });
}

export function useDeletedCourses(enabled: boolean) {
  return useQuery({ ...deletedCoursesQueryOptions(), enabled });
}
