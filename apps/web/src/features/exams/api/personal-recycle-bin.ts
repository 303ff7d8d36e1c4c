import {
  RecycleBinActionResponseSchema,
  RecycleBinResponseSchema,
  type RecycleBinActionResponse,
  type RecycleBinResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libsQueryKey } from './authoring-keys.ts';

export const personalRecycleBinQueryKey = [...libsQueryKey, 'personal-recycle-bin'] as const;

/** `GET /api/recycle-bin/personal`: questions deleted from the caller's personal libraries. */
export async function listPersonalRecycleBin(signal?: AbortSignal): Promise<RecycleBinResponse> {
  return request('/api/recycle-bin/personal', { schema: RecycleBinResponseSchema, signal });
}

export function usePersonalRecycleBin() {
  return useQuery({
    queryKey: personalRecycleBinQueryKey,
    queryFn: ({ signal }) => listPersonalRecycleBin(signal),
  });
}

export type PersonalBinAction = 'restore' | 'purge';

/** `POST /api/recycle-bin/{id}/restore` or `DELETE /api/recycle-bin/{id}` on an item of the personal bin. */
export async function actOnPersonalBinItem(variables: {
  itemId: number;
  action: PersonalBinAction;
}): Promise<RecycleBinActionResponse> {
  return variables.action === 'restore'
    ? request(`/api/recycle-bin/${variables.itemId}/restore`, {
        method: 'POST',
        schema: RecycleBinActionResponseSchema,
      })
    : request(`/api/recycle-bin/${variables.itemId}`, {
        method: 'DELETE',
        schema: RecycleBinActionResponseSchema,
      });
}

export function usePersonalBinAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnPersonalBinItem,
    // The bin and the libraries (their questions and counts) both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libsQueryKey }),
  });
}
