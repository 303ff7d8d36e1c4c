import { AnswerResponseSchema, type AnswerResponse } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rollcallsQueryKey } from './rollcalls-keys.ts';

export type RollcallAnswer =
  | { kind: 'number'; numberCode: string }
  | { kind: 'self_registration' }
  | { kind: 'radar'; latitude: number; longitude: number; accuracy: number | null }
  | { kind: 'qr'; data: string };

const PATHS: Record<RollcallAnswer['kind'], string> = {
  number: 'answer_number_rollcall',
  self_registration: 'answer_self_registration_rollcall',
  radar: 'answer',
  qr: 'answer_qr_rollcall',
};

/** `PUT /api/rollcall/{id}/answer…`: one student's check-in, from this browser's device id. */
export function answerRollcall(
  id: number,
  deviceId: string,
  answer: RollcallAnswer,
): Promise<AnswerResponse> {
  const { kind, ...fields } = answer;
  return request(`/api/rollcall/${id}/${PATHS[kind]}`, {
    method: 'PUT',
    body: { deviceId, ...fields },
    schema: AnswerResponseSchema,
  });
}

export function useAnswerRollcall(id: number, deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RollcallAnswer) => answerRollcall(id, deviceId, answer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollcallsQueryKey }),
  });
}
