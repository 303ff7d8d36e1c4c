import type { HomeworkDetail, SubmissionResponse } from '@lectern/contracts/homework/homework.schemas';
import { submissionWindow } from '@lectern/contracts/homework/homework.rules';
import type { HomeworkMessageKey } from './homework-messages.ts';

/** Where the homework stands for this submitter right now. */
export type HomeworkWindowState = 'notStarted' | 'open' | 'late' | 'makeUp' | 'closed';

export function windowState(
  detail: Pick<
    HomeworkDetail,
    'start_time' | 'end_time' | 'allow_late_submission' | 'late_submission_end_time'
  >,
  makeUpEndTime: string | null,
  now: Date = new Date(),
): HomeworkWindowState {
  const window = submissionWindow(detail, detail, makeUpEndTime, now);
  if (!window.open) return window.reason === 'homework.notStarted' ? 'notStarted' : 'closed';
  if (window.makeUp) return 'makeUp';
  return window.late ? 'late' : 'open';
}

/**
 * Why a hand-in would be refused now, with the server's own message key and its parameters; null when
 * it would be accepted. The server checks the same rules again and has the last word.
 */
export function refusalOf(
  detail: HomeworkDetail,
  standing: Pick<SubmissionResponse, 'submissions_left' | 'submitter'>,
  now: Date = new Date(),
): { key: HomeworkMessageKey; params?: Record<string, number> } | null {
  if (!detail.published) return { key: 'homework.notPublished' };
  const window = submissionWindow(detail, detail, standing.submitter.make_up_end_time, now);
  if (!window.open) return { key: window.reason };
  if (standing.submissions_left === 0) {
    return { key: 'homework.submitTimesExceeded', params: { maximum: detail.submit_times ?? 0 } };
  }
  return null;
}
