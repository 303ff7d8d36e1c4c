import { HomeworkDetailSchema, type HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkDetailKey } from './homework-keys.ts';

/** `GET /api/homework/{id}`: settings, publishing state and the caller's rights. */
export function getHomework(homeworkId: number, signal?: AbortSignal): Promise<HomeworkDetail> {
  return request(`/api/homework/${homeworkId}`, { schema: HomeworkDetailSchema, signal });
}

export function useHomework(homeworkId: number) {
  return useQuery({
    queryKey: homeworkDetailKey(homeworkId),
    queryFn: ({ signal }) => getHomework(homeworkId, signal),
  });
}
