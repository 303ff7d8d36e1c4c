import { RubricSchema, type Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rubricDetailKey } from './rubric-keys.ts';

/** `GET /api/rubrics/{id}`: the creator's, or one a homework the viewer can see uses. */
export function getRubric(id: number, signal?: AbortSignal): Promise<Rubric> {
  return request(`/api/rubrics/${id}`, { schema: RubricSchema, signal });
}

export function useRubricQuery(id: number | null | undefined) {
  return useQuery({
    queryKey: rubricDetailKey(id ?? 0),
    queryFn: ({ signal }) => getRubric(id ?? 0, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}
