import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { uploadKindOf } from '@lectern/contracts/uploads/upload-rules';
import { activities } from '../../db/schema/activities.ts';
import { courses } from '../../db/schema/courses.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { newStorageKey } from '../../platform/storage/storage.ts';
import { orgAdminRepository } from '../identity/org-admin.repository.ts';
import { liveRecordOf } from '../identity/org-settings.ts';
import { activityResourcesRepository } from './activity-resources.repository.ts';

export type RecordingSource = 'lecture_live' | 'meeting_recording';

export type CloudRecording = {
  activityId: number;
  /**
   * What recorded it, and its id there (a lecture live's replay id, a meeting vendor recording's
   * `meeting_recordings` id): one resource per recording.
   */
  source: RecordingSource;
  sourceId: number;
  /** The recorded file on local disk; copied into the storage, so the caller may remove it afterwards. */
  file: string;
  name: string;
  mimeType: string;
};

/**
 * Puts a finished cloud recording on its activity as a resource, filed as an upload of the activity's
 * creator (the "uploader" who may rename it, and delete it unless the organisation protects recordings).
 * Downloadable when the organisation's live-record settings allow recordings to be downloaded. Answers
 * false when the recording is already there or the activity is gone.
 */
export async function attachCloudRecording(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  recording: CloudRecording,
): Promise<boolean> {
  const repo = activityResourcesRepository(ctx.db);
  if (await repo.hasRecording(recording.source, recording.sourceId)) return false;
  const [owner] = await ctx.db
    .select({ createdBy: activities.createdBy, orgId: courses.orgId })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(eq(activities.id, recording.activityId));
  if (!owner) return false;
  const org = await orgAdminRepository(ctx.db).findOrg(owner.orgId);
  const allowDownload = org ? liveRecordOf(org.settings).allow_download_recordings : false;

  const { size } = await stat(recording.file);
  const key = newStorageKey();
  const stored = await ctx.storage.put(key, createReadStream(recording.file), { maxBytes: size });
  try {
    return await ctx.db
      .transaction(async (tx) => {
        // Checked again under the transaction: two runs of one job must not both add it (the unique index
        // on the source refuses the second, which then rolls back and removes its copy below).
        if (await repo.hasRecording(recording.source, recording.sourceId, tx)) return false;
        const [upload] = await tx
          .insert(uploads)
          .values({
            orgId: owner.orgId,
            createdBy: owner.createdBy,
            name: recording.name,
            size: stored.size,
            mimeType: recording.mimeType,
            type: uploadKindOf(recording.mimeType),
            status: 'ready',
            storageKey: key,
            sha256: stored.sha256,
            allowDownload,
          })
          .returning({ id: uploads.id });
        if (!upload) throw new Error('recording upload not inserted');
        const referenceId = await repo.insert(
          {
            activityId: recording.activityId,
            uploadId: upload.id,
            name: recording.name,
            allowDownload,
            createdBy: owner.createdBy,
          },
          tx,
        );
        await repo.markRecording(referenceId, recording.source, recording.sourceId, tx);
        return true;
      })
      .then(async (added) => {
        if (!added) await ctx.storage.delete(key);
        return added;
      });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}
