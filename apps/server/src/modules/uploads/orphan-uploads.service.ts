import type { AppContext } from '../../platform/app-context.ts';
import { previewKeyOf } from './upload-previews.ts';
import { uploadsRepository } from './uploads.repository.ts';

export type OrphanUploadsOptions = {
  /** Rows deleted per transaction: keeps each sweep's locks short whatever the backlog. */
  batchSize?: number;
};

/**
 * Files uploaded in a dialog that was then cancelled are attached to nothing. Once older than the grace
 * period (UPLOAD_ORPHAN_GRACE_HOURS) they are deleted, row and bytes.
 */
export function orphanUploadsService(
  ctx: Pick<AppContext, 'config' | 'db' | 'storage' | 'log'>,
  options: OrphanUploadsOptions = {},
) {
  const repo = uploadsRepository(ctx.db);
  const batchSize = options.batchSize ?? 500;

  return {
    /** Deletes the uploads orphaned for longer than the grace period before `now`; returns how many. */
    async sweepOrphanUploads(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - ctx.config.uploadOrphanGraceMs);
      let swept = 0;
      for (;;) {
        // Read committed on purpose: the delete takes its own snapshot, so it sees attachments committed
        // after lockOrphans chose its rows (see deleteUnreferenced).
        const batch = await ctx.db.transaction(
          async (tx) => {
            const ids = await repo.lockOrphans(cutoff, batchSize, tx);
            return { locked: ids.length, deleted: await repo.deleteUnreferenced(ids, tx) };
          },
          { isolationLevel: 'read committed' },
        );
        // Bytes go only once their row is gone for good; a failure here leaves a stray file, never a
        // row pointing at nothing.
        for (const { id, storageKey } of batch.deleted) {
          if (!storageKey) continue;
          try {
            await ctx.storage.delete(storageKey);
            await ctx.storage.delete(previewKeyOf(storageKey));
          } catch (error) {
            ctx.log.warn(
              { err: error, uploadId: id, storageKey },
              'could not remove the bytes of a swept upload',
            );
          }
        }
        swept += batch.deleted.length;
        if (batch.locked < batchSize || batch.deleted.length === 0) return swept;
      }
    },
  };
}

export type OrphanUploadsService = ReturnType<typeof orphanUploadsService>;
