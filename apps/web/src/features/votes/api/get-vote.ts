import { VoteResponseSchema, type VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { voteQueryKey } from './votes-keys.ts';

/** `GET /api/votes/{id}`: the options, the caller's ballot and, when they may see them, the counts. */
export function getVote(id: number, signal?: AbortSignal): Promise<VoteResponse> {
  return request(`/api/votes/${id}`, { schema: VoteResponseSchema, signal });
}

export function useVote(id: number) {
  return useQuery({ queryKey: voteQueryKey(id), queryFn: ({ signal }) => getVote(id, signal) });
}
