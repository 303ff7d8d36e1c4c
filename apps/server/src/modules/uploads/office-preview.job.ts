import { z } from 'zod';
import { previewKindOf } from '@lectern/contracts/uploads/office-formats';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { uploadPreviews } from './upload-previews.ts';
import { uploadsRepository, type UploadRow } from './uploads.repository.ts';

export const OFFICE_PREVIEW_JOB = 'uploads.office_preview';

const PreviewPayload = z.object({ upload_id: z.number().int().positive() });

/**
 * Renders an Office upload's PDF preview ahead of the first viewer, on the durable job queue: whichever
 * process claims it converts (one conversion however many processes run), and a restart in between
 * leaves the job to the next worker. A viewer who comes first still gets a conversion on demand.
 */
export async function enqueueOfficePreview(executor: Executor, upload: UploadRow): Promise<void> {
  const kind = upload.status === 'ready' ? previewKindOf(upload.mimeType, upload.name) : null;
  if (kind?.kind !== 'office') return;
  await enqueue(executor, OFFICE_PREVIEW_JOB, { upload_id: upload.id }, { maxAttempts: 2 });
}

export function officePreviewJobs(ctx: AppContext): RegisteredJobs {
  const previews = uploadPreviews(ctx);
  const repo = uploadsRepository(ctx.db);
  return {
    handlers: {
      [OFFICE_PREVIEW_JOB]: async (payload) => {
        const parsed = PreviewPayload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const upload = await repo.findById(parsed.data.upload_id);
        if (!upload || upload.deleted || upload.status !== 'ready' || !upload.storageKey) return;
        const kind = previewKindOf(upload.mimeType, upload.name);
        if (kind?.kind !== 'office') return;
        try {
          await previews.pdfOf(upload, kind.format);
        } catch (error) {
          // No LibreOffice here, or a file it cannot render: the viewer is told so when asking; another
          // attempt would fail the same way.
          if (error instanceof AppError) return;
          throw error;
        }
      },
    },
    async close() {},
  };
}
