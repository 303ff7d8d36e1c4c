import {
  SubmitExamResponseSchema,
  type ExamAnswer,
  type SubmitExamResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface SubmitExamVariables {
  examId: number;
  instanceId: number;
  subjects: ExamAnswer[];
  /** false keeps the answers as a draft; true hands the paper in. */
  finished: boolean;
}

function body({ instanceId, subjects, finished }: SubmitExamVariables) {
  return { exam_paper_instance_id: instanceId, exam_finished: finished, subjects };
}

export function submitExam(variables: SubmitExamVariables): Promise<SubmitExamResponse> {
  return request(`/api/exams/${variables.examId}/submissions`, {
    method: 'POST',
    body: body(variables),
    schema: SubmitExamResponseSchema,
  });
}

/**
 * The last draft while the page is closing: `keepalive` lets the browser finish the request after the
 * page is gone, which an ordinary request is not allowed to do.
 */
export function saveDraftOnExit(variables: Omit<SubmitExamVariables, 'finished'>): void {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  void fetch(`/api/exams/${variables.examId}/submissions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body({ ...variables, finished: false })),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/** Saves a draft. Nothing in the cache changes: the answers on screen are the truth until handed in. */
export function useSaveExamDraft() {
  return useMutation({
    mutationFn: (v: Omit<SubmitExamVariables, 'finished'>) => submitExam({ ...v, finished: false }),
  });
}

/**
 * Hands the paper in; attempts, drafts and scores shown elsewhere are then out of date. They are marked
 * stale, not refetched here: the page still shows the handed-in paper, and asking for it again would
 * start (or be refused) a new attempt. The next page to show them fetches them.
 */
export function useSubmitExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: Omit<SubmitExamVariables, 'finished'>) => submitExam({ ...v, finished: true }),
    onSuccess: (_response, variables) =>
      queryClient.invalidateQueries({ queryKey: ['exams', variables.examId], refetchType: 'none' }),
  });
}
