import {
  StudentRollcallsResponseSchema,
  type StudentRollcallsResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { studentRollcallsQueryKey } from './rollcalls-keys.ts';

/** `GET /api/rollcall/{id}/student_rollcalls`: the roll with each student's status. */
export function getStudentRollcalls(id: number, signal?: AbortSignal): Promise<StudentRollcallsResponse> {
  return request(`/api/rollcall/${id}/student_rollcalls`, { schema: StudentRollcallsResponseSchema, signal });
}

export function useStudentRollcalls(id: number) {
  return useQuery({
    queryKey: studentRollcallsQueryKey(id),
    queryFn: ({ signal }) => getStudentRollcalls(id, signal),
  });
}
