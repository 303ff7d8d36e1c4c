import {
  BookLiveResponseSchema,
  type BookLiveResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveDetailKey } from './lecture-live-keys.ts';

/** `POST` (book) or `DELETE` (cancel) `/api/live-activities/{id}/book-live`. */
export function bookLive(id: number, book: boolean): Promise<BookLiveResponse> {
  return request(`/api/live-activities/${id}/book-live`, {
    method: book ? 'POST' : 'DELETE',
    schema: BookLiveResponseSchema,
  });
}

/** After each toggle the detail is read again (spec 000 section 4). */
export function useBookLive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (book: boolean) => bookLive(id, book),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lectureLiveDetailKey(id) }),
  });
}
