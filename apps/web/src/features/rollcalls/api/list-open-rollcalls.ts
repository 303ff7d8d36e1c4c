import {
  OpenRollcallsResponseSchema,
  type OpenRollcallsResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { untilFirstEnd } from './refetch-at-end.ts';
import { openRollcallsQueryKey } from './rollcalls-keys.ts';

/** `GET /api/radar/rollcalls`: the roll calls the caller may answer now, in all their courses. */
export function listOpenRollcalls(signal?: AbortSignal): Promise<OpenRollcallsResponse> {
  return request('/api/radar/rollcalls', { schema: OpenRollcallsResponseSchema, signal });
}

export function useOpenRollcalls() {
  return useQuery({
    queryKey: openRollcallsQueryKey,
    queryFn: ({ signal }) => listOpenRollcalls(signal),
    refetchInterval: (query) => untilFirstEnd(query.state.data?.rollcalls),
  });
}
