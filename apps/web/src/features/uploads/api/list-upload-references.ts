import {
  UploadReferencesResponseSchema,
  type UploadReference,
} from '@lectern/contracts/uploads/upload.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function uploadReferencesQueryKey(activityId: number) {
  return ['uploads', 'references', 'learning_activity', activityId] as const;
}

/** `GET /api/activities/{id}/upload_references`: the activity's files, in their order. */
export async function listUploadReferences(
  activityId: number,
  signal?: AbortSignal,
): Promise<UploadReference[]> {
  const response = await request(`/api/activities/${activityId}/upload_references`, {
    schema: UploadReferencesResponseSchema,
    signal,
  });
  return response.references;
}

export function uploadReferencesQueryOptions(activityId: number) {
  return queryOptions({
    queryKey: uploadReferencesQueryKey(activityId),
    queryFn: ({ signal }) => listUploadReferences(activityId, signal),
  });
}

export function useUploadReferences(activityId: number) {
  return useQuery(uploadReferencesQueryOptions(activityId));
}
