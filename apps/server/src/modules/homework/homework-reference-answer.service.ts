import type { z } from 'zod';
import type {
  ReferenceAnswer,
  UpdateReferenceAnswerRequestSchema,
} from '@lectern/contracts/homework/homework.schemas';
import { HOMEWORK_REFERENCE_ANSWER_PARENT } from '../../db/schema/homework.ts';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { checkActivityData } from '../activities/activity-data.ts';
import { uploadAccess } from '../uploads/upload-access.ts';
import { presentReference } from '../uploads/uploads.presenter.ts';
import { uploadsRepository, type NewReference } from '../uploads/uploads.repository.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { assertCanSet, readsAllSubmissions } from './homework.policy.ts';

type UpdateInput = z.output<typeof UpdateReferenceAnswerRequestSchema>;

/**
 * The reference answer of a homework (addendum section 2, the reference-answer modal): rich text kept in
 * the homework's `data`, files attached as upload references of the homework
 * (HOMEWORK_REFERENCE_ANSWER_PARENT) whose ids `data` also lists. Only the teaching team reads it; to
 * anyone else it does not exist.
 */
export function homeworkReferenceAnswerService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const readable = uploadAccess(ctx.db);

  async function present(activityId: number, html: string, tx: Executor = ctx.db): Promise<ReferenceAnswer> {
    const files = await uploads.listReferences(HOMEWORK_REFERENCE_ANSWER_PARENT, [activityId], tx);
    return {
      reference_answer: html,
      // The teaching team may always take the answer's files away.
      uploads: files.map(({ reference, upload }) =>
        presentReference(reference, upload, { canDownload: true }),
      ),
    };
  }

  /** Makes the answer's attachments exactly `ids`, in order; references that stay keep their ids. */
  async function attach(hw: LoadedHomework, actor: Actor, ids: readonly number[], tx: Executor) {
    const present = await uploads.lockForAttaching(ids, tx);
    if (ids.some((id) => !present.has(id))) throw invalid({ upload_ids: ['homework.uploadUnavailable'] });
    const rows = new Map((await uploads.findByIds(ids, tx)).map((u) => [u.id, u]));
    const unused = await uploads.referencesOfParent(HOMEWORK_REFERENCE_ANSWER_PARENT, hw.activity.id, tx);
    const inserts: NewReference[] = [];
    for (const [sort, id] of ids.entries()) {
      const index = unused.findIndex((r) => r.uploadId === id);
      const [kept] = index >= 0 ? unused.splice(index, 1) : [];
      if (kept) {
        if (kept.sort !== sort) await uploads.updateReferenceSort(kept.id, sort, tx);
        continue;
      }
      inserts.push({
        uploadId: id,
        parentType: HOMEWORK_REFERENCE_ANSWER_PARENT,
        parentId: hw.activity.id,
        name: rows.get(id)?.name ?? '',
        sort,
        createdBy: actor.userId,
      });
    }
    await uploads.deleteReferences(
      unused.map((r) => r.id),
      tx,
    );
    await uploads.insertReferences(inserts, tx);
  }

  return {
    /** `GET /api/homeworks/{id}/reference-answer`: the teaching team only (never while simulating). */
    async get(actor: Actor, id: number): Promise<ReferenceAnswer> {
      const hw = await homework.load(actor, id);
      if (!readsAllSubmissions(hw.access)) throw notFound('homework.notFound');
      return present(hw.activity.id, hw.settings.reference_answer ?? '');
    },

    /**
     * `PATCH /api/homeworks/{id}/reference-answer`: replaces the text (sanitised) and the files. A file must
     * be one the caller may read (their own upload, or one they can already see), as for any attachment.
     */
    async update(actor: Actor, id: number, input: UpdateInput): Promise<ReferenceAnswer> {
      const hw = await homework.load(actor, id);
      assertCanSet(hw.access);
      const ids = [...new Set(input.upload_ids)];
      const candidates = (await uploads.findByIds(ids)).filter((u) => u.status === 'ready' && !u.deleted);
      const allowed = await readable.readableIds(actor, candidates);
      if (ids.some((uploadId) => !allowed.has(uploadId))) {
        throw invalid({ upload_ids: ['homework.uploadUnavailable'] });
      }
      const html = sanitizeUserHtml(input.reference_answer);
      const checked = checkActivityData('homework', {
        ...hw.activity.data,
        reference_answer: html,
        reference_answer_upload_ids: ids,
      });
      if (!checked.ok) throw invalid(checked.fields);
      const data = checked.data;
      return ctx.db.transaction(async (tx) => {
        await attach(hw, actor, ids, tx);
        await activities.update(hw.activity.id, { data, updatedAt: new Date() }, tx);
        return present(
          hw.activity.id,
          typeof data.reference_answer === 'string' ? data.reference_answer : html,
          tx,
        );
      });
    },
  };
}

export type HomeworkReferenceAnswerService = ReturnType<typeof homeworkReferenceAnswerService>;
