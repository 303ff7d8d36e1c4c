import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { canDownloadAttachment, canManageUpload } from './uploads.policy.ts';
import { uploadsRepository, type UploadRow } from './uploads.repository.ts';

export type DownloadVerdict = 'allowed' | 'forbidden' | 'hidden';

/** Who may read or download an upload, decided from where it is attached. */
export function uploadAccess(db: Database) {
  const repo = uploadsRepository(db);
  const activities = activityAccess(db);

  return {
    /**
     * Of these uploads, the ids the caller may read: their own, any of the organisation for its
     * administrators, and any attached to an activity the caller can see. Batched: one query for the
     * attachments, one for their activities, one per course involved.
     */
    async readableIds(actor: Actor, rows: readonly UploadRow[], tx: Executor = db): Promise<Set<number>> {
      const readable = new Set<number>();
      const others: number[] = [];
      for (const upload of rows) {
        if (upload.orgId !== actor.orgId) continue;
        if (canManageUpload(actor, upload)) readable.add(upload.id);
        else others.push(upload.id);
      }
      if (others.length === 0) return readable;
      const references = await repo.referencesOfUploads(others, ACTIVITY_PARENT, tx);
      const visible = await activities.visibleAmong(
        actor,
        references.map((r) => r.parentId),
        tx,
      );
      for (const reference of references) {
        if (visible.has(reference.parentId)) readable.add(reference.uploadId);
      }
      return readable;
    },

    /**
     * May the caller fetch this upload's bytes by its id? Its owner and org admins may; anyone else needs
     * an attachment of it on an activity they can see that lets them download. Not readable at all reads
     * as hidden (not found); readable but not downloadable is forbidden.
     */
    async downloadVerdict(actor: Actor, upload: UploadRow, tx: Executor = db): Promise<DownloadVerdict> {
      if (upload.orgId !== actor.orgId) return 'hidden';
      if (canManageUpload(actor, upload)) return 'allowed';
      const references = await repo.referencesOfUploads([upload.id], ACTIVITY_PARENT, tx);
      const visible = await activities.visibleAmong(
        actor,
        references.map((r) => r.parentId),
        tx,
      );
      let seen = false;
      for (const reference of references) {
        const parent = visible.get(reference.parentId);
        if (!parent) continue;
        seen = true;
        if (canDownloadAttachment(actor, parent.access, reference, upload)) return 'allowed';
      }
      return seen ? 'forbidden' : 'hidden';
    },
  };
}
