import { LiveIngestSchema, type LiveIngest } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveIngestKey } from './lecture-live-keys.ts';

/** `GET /api/lecture-lives/{id}/ingest`: the encoder URL and secret key (teaching team). */
export function getLiveIngest(id: number, signal?: AbortSignal): Promise<LiveIngest> {
  return request(`/api/lecture-lives/${id}/ingest`, { schema: LiveIngestSchema, signal });
}

export function useLiveIngest(id: number, enabled: boolean) {
  return useQuery({
    queryKey: lectureLiveIngestKey(id),
    queryFn: ({ signal }) => getLiveIngest(id, signal),
    enabled,
  });
}

/** `POST /api/lecture-lives/{id}/ingest/regenerate-key`. */
export function useRegenerateStreamKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request(`/api/lecture-lives/${id}/ingest/regenerate-key`, { method: 'POST', schema: LiveIngestSchema }),
    onSuccess: (ingest) => queryClient.setQueryData(lectureLiveIngestKey(id), ingest),
  });
}
