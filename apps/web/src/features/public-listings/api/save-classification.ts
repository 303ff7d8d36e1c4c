import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ClassificationSchema,
  type ClassificationBody,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

type Kind = 'course' | 'curriculum';

/** `POST /api/{kind}-classifications` (new) or `PUT /api/{kind}-classifications/{id}`: administrators. */
export function useSaveClassification(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ClassificationBody }) =>
      request(id === null ? `/api/${kind}-classifications` : `/api/${kind}-classifications/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ClassificationSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicListingsKeys.classifications(kind) }),
  });
}

/** `DELETE /api/{kind}-classifications/{id}`: what was in it is left unclassified. */
export function useDeleteClassification(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/api/${kind}-classifications/${id}`, { method: 'DELETE', schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicListingsKeys.all }),
  });
}
