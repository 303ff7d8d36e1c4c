import { RetakeResponseSchema, type RetakeResponse } from '@lectern/contracts/exams/marking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';
import { retakeRecordsBaseKey } from './list-retake-records.ts';

export interface RetakeVariables {
  examId: number;
  examineeIds: number[];
}

/** `POST /api/exams/{id}/retake`: each examinee gets one more attempt, and a retake record is kept. */
export function retakeExam({ examId, examineeIds }: RetakeVariables): Promise<RetakeResponse> {
  return request(`/api/exams/${examId}/retake`, {
    method: 'POST',
    body: { examinee_ids: examineeIds },
    schema: RetakeResponseSchema,
  });
}

export function useRetakeExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retakeExam,
    onSuccess: (_response, { examId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: retakeRecordsBaseKey(examId) }),
        queryClient.invalidateQueries({ queryKey: markingQueryKey(examId) }),
      ]),
  });
}
