import {
  type HOMEWORK_STATUS,
  isValidHomeworkScore,
  type HomeworkStatus,
} from '@lectern/contracts/homework/homework.rules';
import type { HomeworkSubmitter } from '@lectern/contracts/homework/homework.schemas';
import { isApiError } from '../../../shared/api/http-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { homeworkMessage } from './homework-messages.ts';
import { formatScore } from './score-format.ts';

/**
 * The marking screens' rules: which submitters a filter keeps (and so the previous/next order), what a
 * typed score may be, and what a failed save tells the marker.
 */

export type MarkStatusFilter = 'all' | 'marked' | 'unmarked';

export interface SubmittersFilter {
  markStatus: MarkStatusFilter;
  /** Submission statuses to keep; empty keeps every status. */
  statuses: readonly HomeworkStatus[];
}

export const NO_FILTER: SubmittersFilter = { markStatus: 'all', statuses: [] };

/** The submitters a filter keeps, in the server's order (the order previous/next walks). */
export function filterSubmitters(
  submitters: readonly HomeworkSubmitter[],
  filter: SubmittersFilter,
): HomeworkSubmitter[] {
  return submitters.filter(
    (s) =>
      (filter.markStatus === 'all' || s.mark_status === filter.markStatus) &&
      (filter.statuses.length === 0 || filter.statuses.includes(s.status)),
  );
}

/** Neighbours of a submitter in a filtered list; null at either end (or when it is not in the list). */
export function neighbours(
  list: readonly HomeworkSubmitter[],
  id: number | null,
): { previous: HomeworkSubmitter | null; next: HomeworkSubmitter | null; index: number } {
  const index = list.findIndex((s) => s.id === id);
  if (index < 0) return { previous: null, next: null, index };
  return { previous: list[index - 1] ?? null, next: list[index + 1] ?? null, index };
}

/** "n of N submitted, m marked": a submitter who handed in anything counts as submitted. */
export function submissionCounts(submitters: readonly HomeworkSubmitter[]) {
  return {
    total: submitters.length,
    submitted: submitters.filter((s) => s.mark_status !== 'unsubmitted').length,
    marked: submitters.filter((s) => s.mark_status === 'marked').length,
  };
}

const STATUS_KEYS: Record<HomeworkStatus, keyof typeof HOMEWORK_STATUS> = {
  1: 'submitted',
  2: 'makeUp',
  3: 'unsubmitted',
  4: 'askedMakeUp',
  5: 'redo',
};

/** The locale key part of a status (`marking.status.<key>`). */
export function statusKey(status: HomeworkStatus): keyof typeof HOMEWORK_STATUS {
  return STATUS_KEYS[status];
}

/** Scores show to one decimal (addendum section 9); '--' when there is none. */
export function scoreText(score: number | null | undefined): string {
  return typeof score === 'number' ? formatScore(score) : '--';
}

/** The score rule (addendum section 5): null when the typed score is acceptable, else what to show. */
export function scoreProblem(typed: string | null | undefined): string | null {
  return isValidHomeworkScore(typed ?? '') ? null : homeworkMessage('homework.validationScore');
}

/**
 * Why a score was not saved (spec 001 section 8): the server's message, or its field errors, or else an
 * unknown error. A failure without the server's envelope (network, gateway) is an unknown error.
 */
export function scoreSaveFailure(error: unknown): string {
  if (isApiError(error) && error.code !== 'network_error' && error.code !== 'invalid_response') {
    if (error.message.trim()) return error.message;
    const fields = Object.values(error.errors).flat().join(' ');
    if (fields) return fields;
  }
  return i18n.t('homework:marking.score.unknownError');
}
