import {
  VoteResponseSchema,
  type CastVoteRequest,
  type VoteResponse,
} from '@lectern/contracts/votes/votes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { voteQueryKey } from './votes-keys.ts';

/** `POST /api/votes/{id}/vote` {votes: ["A", …]}: casts or replaces the student's ballot. */
export function castVote(id: number, body: CastVoteRequest): Promise<VoteResponse> {
  return request(`/api/votes/${id}/vote`, { method: 'POST', body, schema: VoteResponseSchema });
}

export function useCastVote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (votes: string[]) => castVote(id, { votes }),
    onSuccess: (vote) => queryClient.setQueryData(voteQueryKey(id), vote),
  });
}
