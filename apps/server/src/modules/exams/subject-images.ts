import { and, eq, inArray, or, exists } from 'drizzle-orm';
import { SUBJECT_IMAGE_PARENT, subjectOptions, subjects } from '../../db/schema/exams.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { uploadIdsInHtml } from '../uploads/html-images.ts';

/**
 * Attaches the pictures shown by these top-level questions (and their sub-questions) to them, replacing
 * what was attached before. Only files the author may hand on are attached: their own uploads, or files
 * already shown by another question (a copy from a library). Anything else stays a dead link for readers
 * rather than a way to publish somebody else's file.
 */
export async function syncSubjectImages(
  actor: Actor,
  topIds: readonly number[],
  tx: Executor,
): Promise<void> {
  if (topIds.length === 0) return;
  const ids = [...topIds];
  const rows = await tx
    .select({
      id: subjects.id,
      parentId: subjects.parentId,
      description: subjects.description,
      answer: subjects.answer,
      answerExplanation: subjects.answerExplanation,
      pairs: subjects.pairs,
    })
    .from(subjects)
    .where(or(inArray(subjects.id, ids), inArray(subjects.parentId, ids)));
  const options = await tx
    .select({ subjectId: subjectOptions.subjectId, content: subjectOptions.content })
    .from(subjectOptions)
    .where(
      inArray(
        subjectOptions.subjectId,
        rows.map((r) => r.id),
      ),
    );
  const topOf = new Map(rows.map((r) => [r.id, r.parentId ?? r.id]));
  const wanted = new Map<number, Set<number>>();
  const add = (subjectId: number, html: string | null) => {
    const top = topOf.get(subjectId);
    if (top === undefined) return;
    for (const uploadId of uploadIdsInHtml(html)) {
      let set = wanted.get(top);
      if (!set) wanted.set(top, (set = new Set()));
      set.add(uploadId);
    }
  };
  for (const r of rows) {
    add(r.id, r.description);
    add(r.id, r.answer);
    add(r.id, r.answerExplanation);
    for (const pair of r.pairs) add(r.id, pair.content);
  }
  for (const o of options) add(o.subjectId, o.content);

  await tx
    .delete(uploadReferences)
    .where(
      and(eq(uploadReferences.parentType, SUBJECT_IMAGE_PARENT), inArray(uploadReferences.parentId, ids)),
    );
  const uploadIds = [...new Set([...wanted.values()].flatMap((set) => [...set]))];
  if (uploadIds.length === 0) return;
  const shown = tx
    .select({ id: uploadReferences.id })
    .from(uploadReferences)
    .where(
      and(eq(uploadReferences.uploadId, uploads.id), eq(uploadReferences.parentType, SUBJECT_IMAGE_PARENT)),
    );
  const allowed = await tx
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, uploadIds),
        eq(uploads.orgId, actor.orgId),
        eq(uploads.status, 'ready'),
        or(eq(uploads.createdBy, actor.userId), exists(shown)),
      ),
    );
  const nameOf = new Map(allowed.map((u) => [u.id, u.name]));
  const values = [...wanted.entries()].flatMap(([subjectId, set]) =>
    [...set]
      .filter((uploadId) => nameOf.has(uploadId))
      .map((uploadId, sort) => ({
        uploadId,
        parentType: SUBJECT_IMAGE_PARENT,
        parentId: subjectId,
        name: nameOf.get(uploadId) ?? '',
        sort,
        createdBy: actor.userId,
      })),
  );
  if (values.length > 0) await tx.insert(uploadReferences).values(values);
}
