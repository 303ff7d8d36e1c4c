import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CurriculumAdminListSchema,
  CurriculumAdminSchema,
  type CurriculumBody,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

const adminKey = [...publicListingsKeys.all, 'admin-curriculums'] as const;

/** `GET /api/curriculums/all`: every curriculum of the administrator's organisation, whatever its scope. */
export function useAdminCurriculums() {
  return useQuery({
    queryKey: adminKey,
    queryFn: ({ signal }) => request('/api/curriculums/all', { schema: CurriculumAdminListSchema, signal }),
  });
}

/** `POST /api/curriculums` (new) or `PUT /api/curriculum/{id}`. */
export function useSaveCurriculum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CurriculumBody }) =>
      request(id === null ? '/api/curriculums' : `/api/curriculum/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: CurriculumAdminSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicListingsKeys.all }),
  });
}

/** `DELETE /api/curriculum/{id}`. */
export function useDeleteCurriculum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/api/curriculum/${id}`, { method: 'DELETE', schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicListingsKeys.all }),
  });
}
