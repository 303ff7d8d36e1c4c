import {
  CreateRollcallResponseSchema,
  RollcallSchema,
  type CreateRollcallBody,
  type Rollcall,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rollcallsQueryKey } from './rollcalls-keys.ts';

/** `POST /api/course/{c}/rollcall`, then `POST /api/rollcall/{id}/start-rollcall`: the page starts at once. */
export async function createAndStartRollcall(courseId: number, body: CreateRollcallBody): Promise<Rollcall> {
  const { rollcall_id } = await request(`/api/course/${courseId}/rollcall`, {
    method: 'POST',
    body,
    schema: CreateRollcallResponseSchema,
  });
  return request(`/api/rollcall/${rollcall_id}/start-rollcall`, { method: 'POST', schema: RollcallSchema });
}

export function useCreateAndStartRollcall(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRollcallBody) => createAndStartRollcall(courseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollcallsQueryKey }),
  });
}
