import {
  TencentActivitiesResponseSchema,
  type TencentActivitiesRequest,
  type TencentActivitiesResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/courses/tencent-meeting/activities`: one Tencent meeting, an activity in each course. */
export function createTencentActivities(body: TencentActivitiesRequest): Promise<TencentActivitiesResponse> {
  return request('/api/courses/tencent-meeting/activities', {
    method: 'POST',
    body,
    schema: TencentActivitiesResponseSchema,
  });
}

export function useCreateTencentActivities() {
  return useMutation({ mutationFn: createTencentActivities });
}
