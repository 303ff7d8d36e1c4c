import { HOMEWORK_TEACHING_ONLY_KEYS } from '@lectern/contracts/homework/homework-settings';
import type { Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { rubricsService } from '../rubrics/rubrics.service.ts';

/**
 * Keys the activity dialog does not send (PATCH /api/homeworks/{id}/rubric owns the rubric ones; the
 * peer scoring maps come from the original clients' create form) or may leave out: a `data` without
 * them keeps what is stored, as the original system's clients expect when they edit the activity.
 */
const KEPT_WHEN_ABSENT = [
  'announceScoreType',
  'announceScoreTime',
  'interScoreMap',
  'intraScoreMap',
  'rubric_id',
  'rubric_visible_type',
  'rubric_visible_time',
  'intra_rubric_id',
  'intra_rubric_visible_type',
  'intra_rubric_visible_time',
  'reference_answer',
] as const;

export const HOMEWORK_RUBRIC_KEYS = ['rubric_id', 'intra_rubric_id'] as const;

/** The `data` a homework gets from an activity edit that sends `sent` over `stored`. */
export function mergeHomeworkData(
  stored: Record<string, unknown>,
  sent: Record<string, unknown>,
): Record<string, unknown> {
  // Publishing (isAnnounceMark) is PUT /api/homework/{id}/announce-mark-status's alone, which also
  // notifies the students: whatever an activity edit sends for it, the stored value stays.
  // The reference answer's files are likewise PATCH /api/homeworks/{id}/reference-answer's alone: it
  // attaches them (which grants the teaching team their reads and keeps them from the orphan sweep).
  const { isAnnounceMark: _ignored, reference_answer_upload_ids: _files, ...merged } = sent;
  if (Object.hasOwn(stored, 'isAnnounceMark')) merged.isAnnounceMark = stored.isAnnounceMark;
  if (Object.hasOwn(stored, 'reference_answer_upload_ids')) {
    merged.reference_answer_upload_ids = stored.reference_answer_upload_ids;
  }
  for (const key of KEPT_WHEN_ABSENT) {
    if (!Object.hasOwn(sent, key) && Object.hasOwn(stored, key)) merged[key] = stored[key];
  }
  return merged;
}

/** The rubric ids `next` points at that `previous` did not: each is a new use to hold. */
export function newRubricIds(
  previous: Record<string, unknown> | null,
  next: Record<string, unknown>,
): number[] {
  const ids = new Set<number>();
  for (const key of HOMEWORK_RUBRIC_KEYS) {
    const value = next[key];
    if (typeof value === 'number' && value !== previous?.[key]) ids.add(value);
  }
  return [...ids];
}

/**
 * Inside the transaction that stores the rubric ids: every newly attached rubric must be one the caller
 * may use (refused as the rubrics slice decides), and is share-locked so a concurrent rubric edit or
 * delete sees the new use.
 */
export async function holdNewRubrics(
  ctx: AppContext,
  actor: Actor,
  previous: Record<string, unknown> | null,
  next: Record<string, unknown>,
  tx: Executor,
): Promise<void> {
  const rubrics = rubricsService(ctx);
  for (const id of newRubricIds(previous, next)) await rubrics.holdForUse(actor, id, tx);
}

/**
 * A homework's `data` as a viewer may receive it: the reference answer and its files are the teaching
 * team's alone (`teaching`: the caller reads every submission, which is never so while simulating).
 */
export function homeworkDataForViewer(
  data: Record<string, unknown>,
  teaching: boolean,
): Record<string, unknown> {
  if (teaching || !HOMEWORK_TEACHING_ONLY_KEYS.some((key) => Object.hasOwn(data, key))) return data;
  const hidden = new Set<string>(HOMEWORK_TEACHING_ONLY_KEYS);
  return Object.fromEntries(Object.entries(data).filter(([key]) => !hidden.has(key)));
}
