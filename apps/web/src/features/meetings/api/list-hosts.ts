import { HostsResponseSchema, type Member } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { meetingsQueryKey } from './meetings-keys.ts';

/**
 * `GET /api/courses/{id}/hosts?type=`: who may host a meeting of this type, the course's teaching team;
 * for ClassIn the server offers only those with a bound mobile phone.
 */
export function listHosts(courseId: number, type: string, signal?: AbortSignal): Promise<Member[]> {
  const query = new URLSearchParams({ type });
  return request(`/api/courses/${courseId}/hosts?${query.toString()}`, {
    schema: HostsResponseSchema,
    signal,
  }).then((response) => response.hosts);
}

export function useHosts(courseId: number, type: string, enabled = true) {
  return useQuery({
    queryKey: [...meetingsQueryKey, 'hosts', courseId, type] as const,
    queryFn: ({ signal }) => listHosts(courseId, type, signal),
    enabled,
  });
}
