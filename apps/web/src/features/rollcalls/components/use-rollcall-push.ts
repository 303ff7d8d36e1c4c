import { useQueryClient } from '@tanstack/react-query';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';
import { rollcallsQueryKey } from '../api/rollcalls-keys.ts';

/** Refetches the roll-call queries when one of this course's roll calls starts, gets a check-in or stops. */
export function useRollcallPush(courseId: number): void {
  const queryClient = useQueryClient();
  usePushEvents({
    onEvent: (event) => {
      if (event.course_id === courseId && event.type.startsWith('rollcall.')) {
        void queryClient.invalidateQueries({ queryKey: rollcallsQueryKey });
      }
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: rollcallsQueryKey }),
  });
}
