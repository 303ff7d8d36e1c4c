import {
  StudentRollcallSchema,
  type StudentRollcall,
  type StudentRollcallStatus,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rollcallsQueryKey } from './rollcalls-keys.ts';

/** `PUT /api/rollcall/{id}/student_rollcalls/{userId}`: the instructor's mark. */
export function markStudent(
  id: number,
  userId: number,
  status: StudentRollcallStatus,
): Promise<StudentRollcall> {
  return request(`/api/rollcall/${id}/student_rollcalls/${userId}`, {
    method: 'PUT',
    body: { status },
    schema: StudentRollcallSchema,
  });
}

export function useMarkStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; status: StudentRollcallStatus }) =>
      markStudent(id, input.userId, input.status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollcallsQueryKey }),
  });
}
