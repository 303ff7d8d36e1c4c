import {
  SubjectStatisticsSchema,
  type SubjectStatistics,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import { request } from '../../../shared/api/http-client.ts';

/** Every statistics view of one exam, so a push event can refresh them all at once. */
export function examStatisticsQueryKey(examId: number) {
  return ['exams', examId, 'statistics'] as const;
}

export interface StatisticsFilter {
  /** A tab: one option's choosers, the unsubmitted students, or everyone. */
  tab: { kind: 'all' } | { kind: 'option'; optionId: number } | { kind: 'unsubmitted' };
  keyword: string;
  page: number;
  pageSize: number;
}

/** `GET /api/exams/{id}/subjects/{subjectId}/statistics` (exams and classroom exams). */
export function getSubjectStatistics(
  examId: number,
  subjectId: number,
  filter: StatisticsFilter,
  signal?: AbortSignal,
): Promise<SubjectStatistics> {
  return request(`/api/exams/${examId}/subjects/${subjectId}/statistics`, {
    query: {
      option_id: filter.tab.kind === 'option' ? filter.tab.optionId : undefined,
      unsubmitted: filter.tab.kind === 'unsubmitted' ? 1 : undefined,
      keyword: filter.keyword.trim() || undefined,
      page: filter.page,
      page_size: filter.pageSize,
    },
    schema: SubjectStatisticsSchema,
    signal,
  });
}

/** The statistics modal's source for a question of an exam or classroom exam. */
export function subjectStatisticsSource(
  examId: number,
  subjectId: number,
  live?: { courseId: number },
): {
  queryKey: readonly unknown[];
  load: (filter: StatisticsFilter, signal?: AbortSignal) => Promise<SubjectStatistics>;
  live?: { courseId: number; examId: number } | undefined;
} {
  return {
    queryKey: [...examStatisticsQueryKey(examId), subjectId],
    load: (filter, signal) => getSubjectStatistics(examId, subjectId, filter, signal),
    live: live ? { courseId: live.courseId, examId } : undefined,
  };
}
