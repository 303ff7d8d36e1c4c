import {
  AiStatusResponseSchema,
  UserCreditSchema,
  type AiStatusResponse,
  type UserCredit,
} from '@lectern/contracts/ai/ai.schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../api/http-client.ts';

/**
 * Every AI-credit query sits under this prefix. Features that spend credits (AI import, rubric generation,
 * grading suggestions) invalidate it after each AI action so every balance on screen refreshes.
 */
export const aiCreditsQueryKey = ['ai', 'credits'] as const;
export const myAiCreditQueryKey = [...aiCreditsQueryKey, 'me'] as const;
export const aiStatusQueryKey = ['ai', 'status'] as const;

/** Where an instructor sees their credits and asks for more (features/ai, routed in app/router.tsx). */
export const MY_AI_CREDITS_PATH = '/user/ai-credits';

/** `GET /api/ai/status`: whether a model is configured; AI entry points hide when it is not. */
export function getAiStatus(signal?: AbortSignal): Promise<AiStatusResponse> {
  return request('/api/ai/status', { schema: AiStatusResponseSchema, signal });
}

export function aiStatusQueryOptions() {
  // Configuration changes with a server restart only; once per session is enough.
  return queryOptions({
    queryKey: aiStatusQueryKey,
    queryFn: ({ signal }) => getAiStatus(signal),
    staleTime: Infinity,
  });
}

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}

/** `GET /api/ai/credits/me`: the current user's credit (instructors and administrators). */
export function getMyAiCredit(signal?: AbortSignal): Promise<UserCredit> {
  return request('/api/ai/credits/me', { schema: UserCreditSchema, signal });
}

export function myAiCreditQueryOptions() {
  // A balance changes with every AI call anyone in a shared pool makes: always refetch on mount.
  return queryOptions({
    queryKey: myAiCreditQueryKey,
    queryFn: ({ signal }) => getMyAiCredit(signal),
    staleTime: 0,
  });
}

/**
 * The current user's credit, fetched only when a model is configured (without one there is nothing to spend).
 * Pass `enabled: false` where the user cannot use AI (students).
 */
export function useMyAiCredit(options: { enabled?: boolean } = {}) {
  const status = useAiStatus();
  return useQuery({
    ...myAiCreditQueryOptions(),
    enabled: (options.enabled ?? true) && status.data?.available === true,
  });
}

/** Call after an AI action (or when a marking screen opens) to refresh every credit balance shown. */
export function useRefreshAiCredit(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }), [queryClient]);
}

/** True when the user has credit to spend: what AI buttons use to disable themselves. */
export function hasAiCredit(credit: UserCredit | undefined): boolean {
  return credit !== undefined && credit.creditRemaining > 0;
}
