import type { ReplaceReferenceUploadRequest } from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface ReplaceReferenceUploadVariables {
  homeworkId: number;
  referenceId: number;
  body: ReplaceReferenceUploadRequest;
}

/** `PUT /api/uploads/references/{id}`: a marked attachment now holds a new file (a re-saved annotation). */
export async function replaceReferenceUpload({
  referenceId,
  body,
}: ReplaceReferenceUploadVariables): Promise<void> {
  await request(`/api/uploads/references/${referenceId}`, { method: 'PUT', body });
}

export function useReplaceReferenceUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceReferenceUpload,
    onSuccess: (_nothing, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
