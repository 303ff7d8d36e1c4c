import type { z } from 'zod';
import type {
  CorrectUploadsRequestSchema,
  HomeworkMarkedAttachment,
  MarkedAttachmentsResponse,
} from '@lectern/contracts/homework/homework.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Transaction } from '../../platform/database.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { uploadsRepository, type UploadRow } from '../uploads/uploads.repository.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { homeworkViews } from './homework-views.ts';
import { assertCanMark } from './homework.policy.ts';
import { presentMarkedAttachment } from './homework.presenter.ts';
import { markingReads } from './marking-reads.repository.ts';
import { groupKey, homeworkRepository, studentKey, type SubmissionRow } from './homework.repository.ts';

type CorrectUploadsInput = z.output<typeof CorrectUploadsRequestSchema>;

/** Files a marker attaches to homework submissions (issue 10 "Marked attachments"). */
export function homeworkMarkedAttachmentsService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const repo = homeworkRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const views = homeworkViews(ctx.db);
  const reads = markingReads(ctx.db);

  async function submissionOf(
    actor: Actor,
    submissionId: number,
  ): Promise<{ hw: LoadedHomework; row: SubmissionRow }> {
    const row = await repo.findSubmission(submissionId);
    if (!row || row.isDraft) throw notFound('homework.submissionNotFound');
    return { hw: await homework.load(actor, row.activityId), row };
  }

  /** The marking is the teaching team's; owners see it once scores are published to them. */
  async function assertCanRead(hw: LoadedHomework, row: SubmissionRow): Promise<void> {
    const memberIds =
      row.groupId !== null ? ((await repo.findGroup(row.groupId))?.memberIds ?? []) : [row.userId ?? 0];
    const owner = {
      key: row.groupId !== null ? groupKey(row.groupId) : studentKey(row.userId ?? 0),
      memberIds,
    };
    if (!views.seesScores(hw, owner)) throw notFound('homework.submissionNotFound');
  }

  /** The marker's own finished file (or, for an administrator, one of the organisation's). */
  function usable(actor: Actor, upload: UploadRow | undefined): upload is UploadRow {
    return Boolean(
      upload &&
      upload.status === 'ready' &&
      !upload.deleted &&
      upload.orgId === actor.orgId &&
      (upload.createdBy === actor.userId || actor.orgRole === 'admin'),
    );
  }

  async function lockUsable(tx: Transaction, ids: readonly number[]): Promise<void> {
    // Locked first: the orphan sweep skips a row being attached rather than deleting it under us.
    const present = await uploads.lockForAttaching(ids, tx);
    if (ids.some((id) => !present.has(id))) throw invalid({ upload_id: ['homework.uploadUnavailable'] });
  }

  async function listOf(submissionId: number): Promise<HomeworkMarkedAttachment[]> {
    return (await repo.markedAttachmentsOf([submissionId])).map(presentMarkedAttachment);
  }

  return {
    async list(actor: Actor, submissionId: number): Promise<MarkedAttachmentsResponse> {
      // Read with the submission (the marking dialog asks for every student it moves to); shown only
      // once the homework and the caller's access allow it.
      const found = await reads.submissionWithMarkedFiles(submissionId);
      if (!found || found.row.isDraft) throw notFound('homework.submissionNotFound');
      const hw = await homework.load(actor, found.row.activityId);
      await assertCanRead(hw, found.row);
      return { marked_attachments: found.files.map(presentMarkedAttachment) };
    },

    async one(actor: Actor, submissionId: number, attachmentId: number): Promise<HomeworkMarkedAttachment> {
      const { hw, row } = await submissionOf(actor, submissionId);
      await assertCanRead(hw, row);
      const found = (await listOf(row.id)).find((a) => a.id === attachmentId);
      if (!found) throw notFound('homework.attachmentNotFound');
      return found;
    },

    /** Adds the marker's corrected files to a submission; a file already attached to it is kept once. */
    async correctUploads(
      actor: Actor,
      activityId: number,
      input: CorrectUploadsInput,
    ): Promise<MarkedAttachmentsResponse> {
      const hw = await homework.load(actor, activityId);
      assertCanMark(hw.access);
      const row = await repo.findSubmission(input.submission_id);
      if (!row || row.activityId !== hw.activity.id || row.isDraft)
        throw notFound('homework.submissionNotFound');
      const ids = [...new Set(input.uploads.map((u) => u.upload_id))];
      const rows = new Map((await uploads.findByIds(ids)).map((u) => [u.id, u]));
      if (ids.some((id) => !usable(actor, rows.get(id))))
        throw invalid({ uploads: ['homework.uploadUnavailable'] });
      await ctx.db.transaction(async (tx) => {
        await lockUsable(tx, ids);
        const existing = new Set(
          (await repo.markedAttachmentsOf([row.id], tx)).map((a) => a.attachment.uploadId),
        );
        for (const entry of input.uploads) {
          if (existing.has(entry.upload_id)) continue;
          existing.add(entry.upload_id);
          await repo.insertMarkedAttachment(
            {
              submissionId: row.id,
              uploadId: entry.upload_id,
              uploadName: rows.get(entry.upload_id)?.name ?? '',
              originUploadId: entry.origin_upload_id ?? null,
              createdBy: actor.userId,
            },
            tx,
          );
        }
      });
      return { marked_attachments: await listOf(row.id) };
    },

    /** `PUT /api/uploads/references/{id}`: a homework marked attachment's reference now holds this upload. */
    async replaceReferenceUpload(
      actor: Actor,
      referenceId: number,
      uploadId: number,
    ): Promise<HomeworkMarkedAttachment> {
      const found = await repo.markedAttachmentOfReference(referenceId);
      if (!found) throw notFound('homework.referenceNotFound');
      const { hw } = await submissionOf(actor, found.attachment.submissionId);
      assertCanMark(hw.access);
      const upload = await uploads.findById(uploadId);
      if (!usable(actor, upload)) throw invalid({ upload_id: ['homework.uploadUnavailable'] });
      await ctx.db.transaction(async (tx) => {
        await lockUsable(tx, [upload.id]);
        await repo.replaceMarkedUpload(found.attachment.id, referenceId, upload, tx);
      });
      const updated = (await listOf(found.attachment.submissionId)).find((a) => a.id === found.attachment.id);
      if (!updated) throw notFound('homework.attachmentNotFound');
      return updated;
    },

    /**
     * Deletes a homework marked attachment, or answers undefined when the id is none (the exams slice
     * owns `DELETE /api/uploads/marked_attachment/{id}` and asks here for ids it does not know).
     */
    async deleteAttachment(actor: Actor, attachmentId: number): Promise<{ message: string } | undefined> {
      const attachment = await repo.findMarkedAttachment(attachmentId);
      if (!attachment) return undefined;
      const { hw } = await submissionOf(actor, attachment.submissionId);
      assertCanMark(hw.access);
      await ctx.db.transaction((tx) => repo.deleteMarkedAttachment(attachment.id, tx));
      return { message: translate(actor.locale, 'homework.attachmentDeleted') };
    },
  };
}

export type HomeworkMarkedAttachmentsService = ReturnType<typeof homeworkMarkedAttachmentsService>;
