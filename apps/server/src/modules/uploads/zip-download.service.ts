import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { ZipUploadsQuery } from '@lectern/contracts/uploads/zip.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { contentDisposition } from './content-disposition.ts';
import { uploadAccess } from './upload-access.ts';
import { uploadsRepository, type UploadRow } from './uploads.repository.ts';
import { submitterFoldersOf } from './zip-folders.ts';
import { zipEntryNames, zipFileName, zipLocalTime } from './zip-naming.ts';

/** Download verdicts checked side by side (each is a few queries on the pool). */
const VERDICT_BATCH = 10;

export type ZipReply = { headers: Record<string, string>; body: Readable };

/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
function worthDeflating(mime: string | null): boolean {
  if (!mime) return false;
  return (
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime === 'application/xml' ||
    mime === 'application/pdf' ||
    mime === 'image/svg+xml'
  );
}

export function zipDownloadService(ctx: AppContext) {
  const repo = uploadsRepository(ctx.db);
  const access = uploadAccess(ctx.db);

  /**
   * Every file asked for must be one the caller may download on its own (the rule of GET
   * /api/uploads/{id}/blob); otherwise the whole request is refused before a byte is sent, so a zip never
   * silently lacks files its receiver expects. A file the caller cannot see at all reads as not found.
   */
  async function checkAll(actor: Actor, ids: readonly number[]): Promise<UploadRow[]> {
    const rows = await repo.findByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered: UploadRow[] = [];
    for (const id of ids) {
      const upload = byId.get(id);
      if (!upload || upload.orgId !== actor.orgId || upload.deleted) throw notFound('uploads.notFound');
      if (upload.status !== 'ready' || !upload.storageKey) throw notFound('uploads.notFound');
      ordered.push(upload);
    }
    // A few verdicts at a time: each is a handful of small queries, and a class's files are hundreds.
    for (let i = 0; i < ordered.length; i += VERDICT_BATCH) {
      const batch = ordered.slice(i, i + VERDICT_BATCH);
      const verdicts = await Promise.all(batch.map((upload) => access.downloadVerdict(actor, upload)));
      if (verdicts.includes('hidden')) throw notFound('uploads.notFound');
      if (verdicts.includes('forbidden')) throw new AppError('forbidden', 'uploads.zipNotAllowed');
    }
    return ordered;
  }

  return {
    /**
     * One zip of the files, streamed: each file is opened only when the writer reaches it and read at
     * the pace the client takes the archive, so memory stays flat whatever the total size.
     */
    async zip(actor: Actor, query: ZipUploadsQuery): Promise<ZipReply> {
      const ids = [...new Set(query.upload_ids)];
      const files = await checkAll(actor, ids);
      const folders = await submitterFoldersOf(ctx.db, ids);
      const names = zipEntryNames(files.map((f) => ({ folder: folders.get(f.id) ?? null, name: f.name })));
      const zip = new yazl.ZipFile();
      // The file being read right now: a client that goes away mid-download must not leave it open.
      const open = new Set<Readable>();
      let abandoned = false;
      files.forEach((file, index) => {
        const key = file.storageKey ?? '';
        zip.addReadStreamLazy(
          names[index] ?? file.name,
          {
            mtime: zipLocalTime(file.createdAt, query.timezone),
            compress: worthDeflating(file.mimeType),
            size: file.size,
          },
          (callback) => {
            if (abandoned) {
              callback(new Error('download abandoned'), undefined as unknown as Readable);
              return;
            }
            ctx.storage.get(key).then(
              (stream) => {
                open.add(stream);
                stream.once('close', () => open.delete(stream));
                callback(null, stream);
              },
              (error: unknown) => callback(error, undefined as unknown as Readable),
            );
          },
        );
      });
      zip.end();
      const body = new PassThrough();
      zip.outputStream.on('error', (error: Error) => {
        ctx.log.error({ err: error }, 'zip download failed mid-stream');
        body.destroy(error);
      });
      zip.outputStream.pipe(body);
      body.once('close', () => {
        if (body.readableEnded) return;
        abandoned = true;
        for (const stream of open) stream.destroy();
        (zip.outputStream as Readable).destroy();
      });
      return {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': contentDisposition(zipFileName(new Date(), query.timezone), 'attachment'),
          'cache-control': 'private, no-cache',
          'x-content-type-options': 'nosniff',
        },
        body,
      };
    },
  };
}
