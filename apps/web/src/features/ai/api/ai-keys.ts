import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/**
 * The administration queries sit under the shared credits prefix, so an AI action anywhere (which
 * invalidates that prefix) refreshes the balances and usage on these pages too.
 */
export const orgCreditQueryKey = [...aiCreditsQueryKey, 'org'] as const;
export const userCreditsQueryKey = [...aiCreditsQueryKey, 'users'] as const;
export const courseCreditsQueryKey = [...aiCreditsQueryKey, 'courses'] as const;
export const creditRequestsQueryKey = [...aiCreditsQueryKey, 'requests'] as const;
export const myCreditRequestsQueryKey = [...aiCreditsQueryKey, 'requests', 'mine'] as const;
export const aiUsageQueryKey = [...aiCreditsQueryKey, 'usage'] as const;
export const aiConfigQueryKey = ['ai', 'config'] as const;

export type ListParams = { page: number; pageSize: number; keyword?: string | undefined };
