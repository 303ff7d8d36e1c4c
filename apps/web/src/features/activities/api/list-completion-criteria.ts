import { CompletionCriteriaResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { activitiesQueryKey } from './list-activities.ts';

export type CompletionCriterion = z.infer<
  typeof CompletionCriteriaResponseSchema
>['completion_criteria'][number];

/** The criteria an activity type offers under the organisation's settings, described in the UI language. */
export async function listCompletionCriteria(
  activityType: string,
  courseId: number,
  signal?: AbortSignal,
): Promise<CompletionCriterion[]> {
  const response = await request('/api/completion-criteria', {
    query: { activity_type: activityType, course_id: courseId },
    schema: CompletionCriteriaResponseSchema,
    signal,
  });
  return response.completion_criteria;
}

/** The language is part of the key: the descriptions come localised from the server. */
export function completionCriteriaQueryOptions(activityType: string, courseId: number, language: string) {
  return queryOptions({
    queryKey: [...activitiesQueryKey, 'completion-criteria', activityType, courseId, language] as const,
    queryFn: ({ signal }) => listCompletionCriteria(activityType, courseId, signal),
    // The catalogue only changes with an organisation setting.
    staleTime: 10 * 60_000,
  });
}

export function useCompletionCriteria(activityType: string | undefined, courseId: number) {
  const { i18n } = useTranslation();
  return useQuery({
    ...completionCriteriaQueryOptions(activityType ?? '', courseId, i18n.language),
    enabled: activityType !== undefined && activityType !== '',
  });
}
