import {
  RecycleBinActionResponseSchema,
  type RecycleBinActionResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface RestoreRecycleBinItemVariables {
  courseId: number;
  itemId: number;
}

/** Brings the item back with everything learners did in it. */
export function restoreRecycleBinItem({
  itemId,
}: RestoreRecycleBinItemVariables): Promise<RecycleBinActionResponse> {
  return request(`/api/recycle-bin/${itemId}/restore`, {
    method: 'POST',
    schema: RecycleBinActionResponseSchema,
  });
}

export function useRestoreRecycleBinItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRecycleBinItem,
    // What comes back shows up in outlines, activity lists, to-dos and grades alike: every cached read
    // may now be missing it.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
