import { ExamSubmissionSchema, type ExamSubmission } from '@lectern/contracts/exams/exam-taking.schemas';
import type { GiveScoreRequest } from '@lectern/contracts/exams/marking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';

export interface GiveScoreVariables {
  examId: number;
  body: GiveScoreRequest;
}

/** `POST /api/exams/{id}/give-score`: one answer's score; the submission comes back with its new total. */
export function giveScore({ examId, body }: GiveScoreVariables): Promise<ExamSubmission> {
  return request(`/api/exams/${examId}/give-score`, { method: 'POST', body, schema: ExamSubmissionSchema });
}

export function useGiveScore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveScore,
    // Totals and marked/unmarked states in every list of this exam follow the new score.
    onSuccess: (_submission, { examId }) =>
      queryClient.invalidateQueries({ queryKey: markingQueryKey(examId) }),
  });
}
