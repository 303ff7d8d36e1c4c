import {
  MyPicksResponseSchema,
  type MyPicksResponse,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { myPicksQueryKey } from './ask-questions-keys.ts';

/** `GET /api/courses/{id}/ask-questions/my-picks`: whether the signed-in student was drawn. */
export function listMyPicks(courseId: number, signal?: AbortSignal): Promise<MyPicksResponse> {
  return request(`/api/courses/${courseId}/ask-questions/my-picks`, {
    schema: MyPicksResponseSchema,
    signal,
  });
}

export function useMyPicks(courseId: number) {
  return useQuery({
    queryKey: myPicksQueryKey(courseId),
    queryFn: ({ signal }) => listMyPicks(courseId, signal),
  });
}
