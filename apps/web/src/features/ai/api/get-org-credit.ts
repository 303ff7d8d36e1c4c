import { OrgCreditSchema, type OrgCredit } from '@lectern/contracts/ai/ai.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { orgCreditQueryKey } from './ai-keys.ts';

/** `GET /api/ai/org-credit` (administrators): the organisation's balances. */
export function getOrgCredit(signal?: AbortSignal): Promise<OrgCredit> {
  return request('/api/ai/org-credit', { schema: OrgCreditSchema, signal });
}

export function useOrgCredit() {
  return useQuery({ queryKey: orgCreditQueryKey, queryFn: ({ signal }) => getOrgCredit(signal) });
}
