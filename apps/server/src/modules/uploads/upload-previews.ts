import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OfficeExtension } from '@lectern/contracts/uploads/office-formats';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { OFFICE_PREVIEW_ZIP_LIMITS, verifyZipFile } from '../../platform/files/safe-zip.ts';
import { OfficeConversionError, officeConverter, type ConversionFailure } from './office-converter.ts';
import type { UploadRow } from './uploads.repository.ts';

/** Where the PDF rendering of an upload is kept: beside its bytes, so it shares their lifetime. */
export function previewKeyOf(storageKey: string): string {
  return `${storageKey}.preview.pdf`;
}

export type StoredPreview = { key: string; size: number };

/** Office formats that are zip archives (the older binary ones are not). */
const ZIP_FORMATS: ReadonlySet<OfficeExtension> = new Set(['docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods']);

/** A rendered PDF can outgrow its source (embedded fonts, pictures per slide); this only stops runaways. */
const PREVIEW_SIZE_FACTOR = 4;

/**
 * PDF renderings of Office uploads, made by LibreOffice once per upload and kept in storage. Requests
 * for an upload being converted wait for that conversion instead of starting another; a file that
 * failed to convert is not tried again until the server restarts.
 */
export function uploadPreviews(ctx: Pick<AppContext, 'config' | 'storage' | 'log'>) {
  const converter = officeConverter({
    command: ctx.config.sofficePath,
    timeoutMs: ctx.config.sofficeTimeoutMs,
  });
  const inFlight = new Map<string, Promise<StoredPreview>>();
  const failed = new Map<string, ConversionFailure>();
  // Sizes of stored previews, so ranges can be answered without reading a file twice.
  const sizes = new Map<string, number>();

  const refusal = (reason: ConversionFailure) =>
    new AppError(
      'unsupported_media_type',
      reason === 'unavailable' ? 'uploads.previewUnavailable' : 'uploads.previewFailed',
    );

  async function measure(key: string): Promise<number> {
    let size = 0;
    for await (const chunk of await ctx.storage.get(key)) size += (chunk as Buffer).length;
    return size;
  }

  async function convert(upload: UploadRow & { storageKey: string }, format: OfficeExtension) {
    const key = previewKeyOf(upload.storageKey);
    const work = await mkdtemp(path.join(tmpdir(), 'lectern-preview-'));
    try {
      // LibreOffice picks its import filter partly by extension, so the copy carries the real one.
      const input = path.join(work, `source.${format}`);
      await pipeline(await ctx.storage.get(upload.storageKey), createWriteStream(input));
      // LibreOffice would inflate a zip bomb into its own memory: the parts are measured first.
      if (ZIP_FORMATS.has(format)) await verifyZipFile(input, OFFICE_PREVIEW_ZIP_LIMITS);
      const pdf = await converter.convertToPdf(input, path.join(work, 'out'));
      const stored = await ctx.storage.put(key, createReadStream(pdf), {
        maxBytes: ctx.config.uploadMaxBytes * PREVIEW_SIZE_FACTOR,
      });
      sizes.set(key, stored.size);
      return { key, size: stored.size };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    /** Is LibreOffice there to convert with? */
    async available(): Promise<boolean> {
      return (await converter.executable()) !== null;
    },

    /** The stored PDF rendering of an Office upload, converting it first if need be. */
    async pdfOf(upload: UploadRow, format: OfficeExtension): Promise<StoredPreview> {
      const storageKey = upload.storageKey;
      if (!storageKey) throw new Error(`upload ${upload.id} has no bytes to preview`);
      const key = previewKeyOf(storageKey);
      const known = sizes.get(key);
      if (known !== undefined && (await ctx.storage.exists(key))) return { key, size: known };
      if (await ctx.storage.exists(key)) {
        const size = await measure(key);
        sizes.set(key, size);
        return { key, size };
      }
      const earlier = failed.get(key);
      if (earlier) throw refusal(earlier);
      if (!(await converter.executable())) throw refusal('unavailable');

      let pending = inFlight.get(key);
      if (!pending) {
        pending = convert({ ...upload, storageKey }, format)
          .catch((error: unknown) => {
            if (error instanceof OfficeConversionError) {
              if (error.reason !== 'unavailable') failed.set(key, error.reason);
              ctx.log.warn({ err: error, uploadId: upload.id }, 'office preview conversion failed');
              throw refusal(error.reason);
            }
            throw error;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },

    /** Forgets and removes the rendering of bytes that are going away. */
    async discard(storageKey: string): Promise<void> {
      const key = previewKeyOf(storageKey);
      sizes.delete(key);
      failed.delete(key);
      await ctx.storage.delete(key);
    },
  };
}

export type UploadPreviews = ReturnType<typeof uploadPreviews>;
