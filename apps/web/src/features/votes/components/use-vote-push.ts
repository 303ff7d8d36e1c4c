import { useQueryClient } from '@tanstack/react-query';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';
import { voteQueryKey } from '../api/votes-keys.ts';

/** Reads the vote again when a ballot is cast in it, so the instructor's chart moves without a reload. */
export function useVotePush(courseId: number, voteId: number): void {
  const queryClient = useQueryClient();
  usePushEvents({
    onEvent: (event) => {
      if (event.course_id === courseId && event.type === 'vote.cast' && event.data.activity_id === voteId) {
        void queryClient.invalidateQueries({ queryKey: voteQueryKey(voteId) });
      }
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: voteQueryKey(voteId) }),
  });
}
