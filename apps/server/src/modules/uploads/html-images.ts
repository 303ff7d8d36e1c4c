import { and, eq, inArray } from 'drizzle-orm';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';

const UPLOAD_SRC = /\/api\/uploads\/(\d+)\/(?:blob|content|preview)\b/g;

/** Larger ids cannot be ours (integer columns), and would fail the query rather than the check. */
const INT_MAX = 2_147_483_647;

/** The upload ids a piece of HTML shows (pictures imported from Word, pasted or inserted), in order. */
export function uploadIdsInHtml(html: string | null | undefined): number[] {
  if (!html) return [];
  return [...html.matchAll(UPLOAD_SRC)].map((m) => Number(m[1]));
}

export type HtmlImagesParent = { type: string; id: number };

export type SyncHtmlImagesOptions = {
  /** The request field a refused picture is reported on (e.g. `content`, `data.description`). */
  field: string;
  /** Pictures the parent shows outside its markup, by upload id (a Dingtalk live's cover). */
  pictureIds?: readonly number[];
  /**
   * Other parents whose pictures this text may carry over without owning them: a new hand-in version
   * keeps the pictures of the submitter's earlier versions (a group member's, or a marker's hand-in on
   * behalf of a student).
   */
  carriedFrom?: readonly { type: string; ids: readonly number[] }[];
};

/**
 * Makes the picture references of one parent exactly the uploads its (already sanitised) HTML shows,
 * inside the caller's transaction. A picture may be embedded when the author uploaded it, or when the
 * parent (or a parent in `carriedFrom`) already shows it, so an instructor editing a student's post keeps
 * the student's pictures. Anything else is refused with a field error rather than published: embedding
 * somebody else's upload id must not become a way to read their file. A picture the parent showed whose
 * file has since been deleted stays a dead link instead of blocking the save.
 */
export async function syncHtmlImages(
  tx: Executor,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  parent: HtmlImagesParent,
  html: readonly (string | null | undefined)[],
  options: SyncHtmlImagesOptions,
): Promise<void> {
  const wanted = [...new Set([...html.flatMap((h) => uploadIdsInHtml(h)), ...(options.pictureIds ?? [])])];
  const existing = await tx
    .select({ id: uploadReferences.id, uploadId: uploadReferences.uploadId })
    .from(uploadReferences)
    .where(and(eq(uploadReferences.parentType, parent.type), eq(uploadReferences.parentId, parent.id)));
  const shownBefore = new Set(existing.map((r) => r.uploadId));
  const carried = new Set(shownBefore);
  for (const from of options.carriedFrom ?? []) {
    if (from.ids.length === 0) continue;
    const rows = await tx
      .select({ uploadId: uploadReferences.uploadId })
      .from(uploadReferences)
      .where(
        and(eq(uploadReferences.parentType, from.type), inArray(uploadReferences.parentId, [...from.ids])),
      );
    for (const r of rows) carried.add(r.uploadId);
  }

  const candidates = wanted.filter((id) => id > 0 && id <= INT_MAX);
  // Share-locked, as attaching files does: the orphan sweep skips a row being attached rather than
  // deleting it under us, and a row it is deleting right now is waited for and then reported missing.
  const rows =
    candidates.length === 0
      ? []
      : await tx
          .select({
            id: uploads.id,
            name: uploads.name,
            orgId: uploads.orgId,
            createdBy: uploads.createdBy,
            status: uploads.status,
          })
          .from(uploads)
          .where(and(inArray(uploads.id, candidates), eq(uploads.deleted, false)))
          .for('key share');
  const byId = new Map(rows.map((r) => [r.id, r]));

  const keep: { id: number; name: string }[] = [];
  const refused: number[] = [];
  for (const id of wanted) {
    const row = byId.get(id);
    const usable =
      row !== undefined &&
      row.orgId === actor.orgId &&
      row.status === 'ready' &&
      (row.createdBy === actor.userId || carried.has(id));
    if (usable) keep.push({ id, name: row.name });
    else if (!shownBefore.has(id)) refused.push(id);
  }
  if (refused.length > 0) {
    throw invalid({
      [options.field]: refused.map((id) => ({ key: 'uploads.imageUnavailable' as const, params: { id } })),
    });
  }

  const keptIds = new Set(keep.map((k) => k.id));
  const stale = existing.filter((r) => !keptIds.has(r.uploadId)).map((r) => r.id);
  if (stale.length > 0) await tx.delete(uploadReferences).where(inArray(uploadReferences.id, stale));
  const added = keep.filter((k) => !shownBefore.has(k.id));
  if (added.length > 0) {
    await tx.insert(uploadReferences).values(
      added.map((k) => ({
        uploadId: k.id,
        parentType: parent.type,
        parentId: parent.id,
        name: k.name,
        sort: wanted.indexOf(k.id),
        createdBy: actor.userId,
      })),
    );
  }
}
