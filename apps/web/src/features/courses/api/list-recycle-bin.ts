import {
  RecycleBinResponseSchema,
  type RecycleBinResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseScopeKey } from './get-course.ts';

export function recycleBinQueryKey(courseId: number) {
  return [...courseScopeKey(courseId), 'recycle-bin'] as const;
}

export function listRecycleBin(courseId: number, signal?: AbortSignal): Promise<RecycleBinResponse> {
  return request(`/api/courses/${courseId}/recycle-bin`, { schema: RecycleBinResponseSchema, signal });
}

export function recycleBinQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: recycleBinQueryKey(courseId),
    queryFn: ({ signal }) => listRecycleBin(courseId, signal),
  });
}

export function useRecycleBin(courseId: number) {
  return useQuery(recycleBinQueryOptions(courseId));
}
