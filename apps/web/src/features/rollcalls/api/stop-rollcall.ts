import { RollcallSchema, type Rollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rollcallsQueryKey } from './rollcalls-keys.ts';

/** `PUT /api/rollcall/{id}/stop_qr_rollcall` (any kind of roll call). */
export function stopRollcall(id: number): Promise<Rollcall> {
  return request(`/api/rollcall/${id}/stop_qr_rollcall`, { method: 'PUT', schema: RollcallSchema });
}

export function useStopRollcall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopRollcall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollcallsQueryKey }),
  });
}
