import {
  HomeworkDetailSchema,
  type AnnounceMarkStatusRequest,
  type HomeworkDetail,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface UpdateAnnounceMarkStatusVariables {
  homeworkId: number;
  body: AnnounceMarkStatusRequest;
}

/** `PUT /api/homework/{id}/announce-mark-status`: publish or withdraw scores, and when they show. */
export function updateAnnounceMarkStatus({
  homeworkId,
  body,
}: UpdateAnnounceMarkStatusVariables): Promise<HomeworkDetail> {
  return request(`/api/homework/${homeworkId}/announce-mark-status`, {
    method: 'PUT',
    body,
    schema: HomeworkDetailSchema,
  });
}

/** Whether students see scores changes every view of the homework. */
export function useUpdateAnnounceMarkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnounceMarkStatus,
    onSuccess: (_detail, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
