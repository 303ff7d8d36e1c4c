import {
  HOMEWORK_STATUS,
  submissionsLeft,
  submissionWindow,
} from '@lectern/contracts/homework/homework.rules';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError, forbidden, invalid } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { HOMEWORK_SUBMISSION_IMAGE_PARENT } from '../../db/schema/uploads.ts';
import { syncHtmlImages } from '../uploads/html-images.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { DUPLICATE_CHECK_JOB } from './duplicate-check.job.ts';
import type { LoadedHomework } from './homework-access.ts';
import type { ResolvedSubmitter } from './homework-views.ts';
import {
  homeworkRepository,
  type SubmissionRow,
  type SubmitterKey,
  type SubmitterRow,
} from './homework.repository.ts';

export type HandInContent = {
  comment: string | null | undefined;
  uploads: readonly number[];
  slides: readonly unknown[];
};

export type HandInOptions = {
  /** Save (or replace) the draft instead of handing in. */
  draft: boolean;
  /** Who does it: the student, or an instructor submitting on their behalf. */
  operatorId: number;
  orgId: number;
  /** An instructor on the student's behalf: the deadline and the hand-in count do not apply. */
  onBehalf: boolean;
};

export type HandInResult = { submission: SubmissionRow; submitter: SubmitterRow };

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one hand-in path of homework (students, drafts, and instructors on a student's behalf). Everything
 * happens in one transaction under the submitter's row lock: the window and count are checked, the next
 * version is numbered, the files attached, the submitter's status set. Once it returns, the hand-in is
 * committed. A resent hand-in with the same content as the latest answers with that version rather
 * than counting again.
 */
export function homeworkHandIn(db: Database) {
  const repo = homeworkRepository(db);
  const uploads = uploadsRepository(db);

  /** The files a submitter may attach: their own uploads, or files already on their earlier work. */
  async function checkFiles(
    tx: Transaction,
    key: SubmitterKey,
    hw: LoadedHomework,
    ids: readonly number[],
    options: HandInOptions,
  ): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const earlier = await repo.submissionsOf(hw.activity.id, key, { withDraft: true }, tx);
    const attached = new Set(
      [
        ...(
          await repo.uploadIdsOf(
            earlier.map((s) => s.id),
            tx,
          )
        ).values(),
      ].flat(),
    );
    const rows = new Map((await uploads.findByIds(unique, tx)).map((u) => [u.id, u]));
    // Locked first: the orphan sweep skips a row being attached rather than deleting it under us.
    const present = await uploads.lockForAttaching(unique, tx);
    const files: { id: number; name: string }[] = [];
    for (const id of unique) {
      const upload = rows.get(id);
      const usable =
        upload &&
        present.has(id) &&
        upload.status === 'ready' &&
        upload.orgId === options.orgId &&
        (upload.createdBy === options.operatorId || attached.has(id));
      if (!usable) throw invalid({ uploads: ['homework.uploadUnavailable'] });
      files.push({ id, name: upload.name });
    }
    return files;
  }

  /**
   * The pictures in the hand-in's text: the operator's own uploads, or pictures the submitter's earlier
   * versions already showed (a group member's, or carried over from the last version).
   */
  async function syncPictures(
    tx: Transaction,
    key: SubmitterKey,
    hw: LoadedHomework,
    submissionId: number,
    comment: string,
    options: HandInOptions,
  ): Promise<void> {
    const earlier = await repo.submissionsOf(hw.activity.id, key, { withDraft: true }, tx);
    await syncHtmlImages(
      tx,
      { userId: options.operatorId, orgId: options.orgId },
      { type: HOMEWORK_SUBMISSION_IMAGE_PARENT, id: submissionId },
      [comment],
      {
        field: 'comment',
        carriedFrom: [{ type: HOMEWORK_SUBMISSION_IMAGE_PARENT, ids: earlier.map((s) => s.id) }],
      },
    );
  }

  return {
    async handIn(
      hw: LoadedHomework,
      owner: ResolvedSubmitter,
      content: HandInContent,
      options: HandInOptions,
    ): Promise<HandInResult> {
      const comment = content.comment ? sanitizeUserHtml(content.comment) : '';
      return db.transaction(async (tx) => {
        const submitter = await repo.lockSubmitter(hw.activity.id, owner.key, tx);
        const files = await checkFiles(tx, owner.key, hw, content.uploads, options);
        const fileIds = files.map((f) => f.id);
        const draft = await repo.findDraft(hw.activity.id, owner.key, tx);

        // Drafts keep to the same window as hand-ins: nothing is written once the homework is closed.
        const now = new Date();
        const window = options.onBehalf
          ? undefined
          : submissionWindow(
              {
                start_time: hw.activity.startTime?.toISOString() ?? null,
                end_time: hw.activity.endTime?.toISOString() ?? null,
              },
              hw.settings,
              submitter.makeUpEndTime?.toISOString() ?? null,
              now,
            );

        if (options.draft) {
          if (window && !window.open) throw forbidden(window.reason);
          const values = { comment, slides: [...content.slides], submittedBy: options.operatorId };
          const saved = draft
            ? await repo.updateSubmission(draft.id, values, tx)
            : await repo.insertSubmission(
                { activityId: hw.activity.id, ...owner.key, version: 0, isDraft: true, ...values },
                tx,
              );
          await repo.replaceUploads(saved.id, files, options.operatorId, tx);
          await syncPictures(tx, owner.key, hw, saved.id, comment, options);
          return { submission: saved, submitter };
        }

        if (!options.onBehalf) {
          const latest = await repo.latestFinal(hw.activity.id, owner.key, tx);
          const handedIn =
            submitter.status === HOMEWORK_STATUS.submitted || submitter.status === HOMEWORK_STATUS.makeUp;
          if (latest && handedIn && latest.comment === comment && sameList(latest.slides, content.slides)) {
            const latestFiles = (await repo.uploadIdsOf([latest.id], tx)).get(latest.id) ?? [];
            if (sameList(latestFiles, fileIds)) return { submission: latest, submitter };
          }
        }
        if (!comment.trim() && files.length === 0 && content.slides.length === 0) {
          throw invalid({ comment: ['homework.emptySubmission'] });
        }

        let makeUp = false;
        let late = false;
        if (window) {
          if (!window.open) throw forbidden(window.reason);
          makeUp = window.makeUp;
          late = window.late;
          const left = submissionsLeft(
            hw.settings.submit_times,
            submitter.lastVersion,
            submitter.redoGranted,
          );
          if (left === 0) {
            throw new AppError('conflict', {
              key: 'homework.submitTimesExceeded',
              params: { maximum: hw.settings.submit_times ?? 0 },
            });
          }
        } else if (hw.activity.endTime && hw.activity.endTime.getTime() < now.getTime()) {
          late = true;
        }

        const version = submitter.lastVersion + 1;
        const status = makeUp ? HOMEWORK_STATUS.makeUp : HOMEWORK_STATUS.submitted;
        const values = {
          version,
          isDraft: false,
          comment,
          slides: [...content.slides],
          status,
          isLate: late,
          submittedAt: now,
          submittedBy: options.operatorId,
        };
        // The student's draft becomes the hand-in; an instructor's hand-in leaves the student's draft alone.
        const stored =
          draft && !options.onBehalf
            ? await repo.updateSubmission(draft.id, values, tx)
            : await repo.insertSubmission({ activityId: hw.activity.id, ...owner.key, ...values }, tx);
        await repo.replaceUploads(stored.id, files, options.operatorId, tx);
        await syncPictures(tx, owner.key, hw, stored.id, comment, options);
        // A redo grant stays: it raised the allowance, which the version count is measured against.
        const next = { lastVersion: version, status };
        await repo.updateSubmitter(submitter.id, next, tx);
        // In the hand-in's transaction: the check is queued exactly when the hand-in is committed.
        await enqueue(tx, DUPLICATE_CHECK_JOB, { submission_id: stored.id });
        return { submission: stored, submitter: { ...submitter, ...next } };
      });
    },
  };
}
