import {
  RecycleBinActionResponseSchema,
  type RecycleBinActionResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { recycleBinQueryKey } from './list-recycle-bin.ts';

export interface PurgeRecycleBinItemVariables {
  courseId: number;
  itemId: number;
}

/** Deletes the item for good, with everything learners did in it. */
export function purgeRecycleBinItem({
  itemId,
}: PurgeRecycleBinItemVariables): Promise<RecycleBinActionResponse> {
  return request(`/api/recycle-bin/${itemId}`, { method: 'DELETE', schema: RecycleBinActionResponseSchema });
}

export function usePurgeRecycleBinItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeRecycleBinItem,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: recycleBinQueryKey(courseId) }),
  });
}
