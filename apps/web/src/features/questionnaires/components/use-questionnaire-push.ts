import { useQueryClient } from '@tanstack/react-query';
import { usePushEvents } from '../../../shared/hooks/use-push-events.ts';
import { questionnaireQueryKey } from '../api/questionnaires-keys.ts';

/**
 * The teaching team's results follow the answers as they come in: a `questionnaire.submitted` hint of this
 * questionnaire reads the results (and the answered count that locks the questions) again, without reload.
 */
export function useQuestionnairePush(courseId: number, questionnaireId: number): void {
  const queryClient = useQueryClient();
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: questionnaireQueryKey(questionnaireId) });
  usePushEvents({
    onEvent: (event) => {
      if (
        event.course_id === courseId &&
        event.type === 'questionnaire.submitted' &&
        event.data.activity_id === questionnaireId
      ) {
        refetch();
      }
    },
    onResync: refetch,
  });
}
