import { useQueryClient } from '@tanstack/react-query';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';
import { voteQueryKey } from '../api/votes-keys.ts';

/**
 * Reads the vote again on a push hint about it: every ballot for the teaching team (their chart moves
 * without a reload), and its end for everyone (students then see the results, which the server shows
 * them only once the vote is over).
 */
export function useVotePush(courseId: number, voteId: number, everyBallot: boolean): void {
  const queryClient = useQueryClient();
  usePushEvents({
    onEvent: (event) => {
      if (event.course_id !== courseId || event.data.activity_id !== voteId) return;
      if (event.type === 'vote.closed' || (everyBallot && event.type === 'vote.cast')) {
        void queryClient.invalidateQueries({ queryKey: voteQueryKey(voteId) });
      }
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: voteQueryKey(voteId) }),
  });
}
