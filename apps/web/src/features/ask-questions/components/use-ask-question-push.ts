import { useQueryClient } from '@tanstack/react-query';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';
import { askQuestionsQueryKey } from '../api/ask-questions-keys.ts';

/**
 * Refetches the ask-question queries when a draw of this course is made or a question ends, and after a
 * reconnection (events may have been missed): the picked student's phone learns it without a reload.
 */
export function useAskQuestionPush(courseId: number): void {
  const queryClient = useQueryClient();
  usePushEvents({
    onEvent: (event) => {
      if (event.course_id === courseId && event.type.startsWith('ask_question.')) {
        void queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey });
      }
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey }),
  });
}
