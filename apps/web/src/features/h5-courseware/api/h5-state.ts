import {
  H5LearnerStateSchema,
  type H5LearnerState,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { h5StateQueryKey } from './h5-keys.ts';

const statePath = (activityId: number, uploadId: number) =>
  `/api/h5-courseware/${activityId}/upload/${uploadId}/cmi`;

/** `GET …/cmi`: the caller's own progress in the package. */
export function getH5State(
  activityId: number,
  uploadId: number,
  signal?: AbortSignal,
): Promise<H5LearnerState> {
  return request(statePath(activityId, uploadId), { schema: H5LearnerStateSchema, signal });
}

/** `POST …/cmi` {base64State}: stores the learner's state. */
export function saveH5State(
  activityId: number,
  uploadId: number,
  base64State: string,
): Promise<H5LearnerState> {
  return request(statePath(activityId, uploadId), {
    method: 'POST',
    body: { base64State },
    schema: H5LearnerStateSchema,
  });
}

export function useH5State(activityId: number, uploadId: number, enabled: boolean) {
  return useQuery({
    queryKey: h5StateQueryKey(activityId, uploadId),
    queryFn: ({ signal }) => getH5State(activityId, uploadId, signal),
    enabled,
  });
}

export function useSaveH5State(activityId: number, uploadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (base64State: string) => saveH5State(activityId, uploadId, base64State),
    onSuccess: (state) => queryClient.setQueryData(h5StateQueryKey(activityId, uploadId), state),
  });
}
