import { OrgCreditSchema, type OrgCredit, type SetOrgCredit } from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/** `PUT /api/ai/org-credit` (administrators): the credit the organisation holds in total. */
export function setOrgCredit(body: SetOrgCredit): Promise<OrgCredit> {
  return request('/api/ai/org-credit', { method: 'PUT', body, schema: OrgCreditSchema });
}

export function useSetOrgCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrgCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }),
  });
}
