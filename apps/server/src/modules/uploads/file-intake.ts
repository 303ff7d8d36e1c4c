import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { judgeUploadType } from '@lectern/contracts/uploads/upload-rules';
import { AppError } from '../../platform/errors.ts';
import { newStorageKey, type Storage } from '../../platform/storage/storage.ts';

/** The byte count file-type needs to recognise every format it knows. */
const SNIFF_BYTES = 4100;

/**
 * A failure of the incoming stream is the client's transfer breaking off (or malformed framing): a 400
 * for the caller, not a server error. Errors that already carry a client status (limits) pass through.
 */
function transferFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  throw new AppError('validation_failed', 'uploads.transferFailed');
}

/** A file arriving over HTTP, whatever the transport (multipart part or raw body). */
export type IncomingFile = {
  /** The (already sanitised) name, used only to judge the type against the bytes. */
  name: string;
  stream: Readable;
  /** True once the transport has cut the stream at its own size limit. */
  truncated?: () => boolean;
};

export type StoredFile = { key: string; size: number; sha256: string; mime: string };

/**
 * Streams a file into storage under a fresh key, holding at most its first few kilobytes in memory:
 * the type is sniffed from them and a refused file is stopped before a byte is written; text must prove
 * to be UTF-8 as it flows; the size limit is enforced on the way. On any failure nothing is left behind.
 */
export async function storeIncomingFile(
  storage: Storage,
  file: IncomingFile,
  options: { maxBytes: number; tooLarge: () => AppError },
): Promise<StoredFile> {
  const iterator = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const source = { next: () => iterator.next().catch(transferFailure) };
  const stop = async () => {
    await iterator.return?.();
  };

  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  const headBytes = Buffer.concat(head);
  if (headSize > options.maxBytes || (ended && file.truncated?.())) {
    await stop();
    throw options.tooLarge();
  }

  const sniffed = await fileTypeFromBuffer(headBytes.subarray(0, SNIFF_BYTES));
  const verdict = judgeUploadType(file.name, sniffed?.mime);
  if (!verdict.ok) {
    await stop();
    switch (verdict.reason) {
      case 'executable':
        throw new AppError('unsupported_media_type', 'uploads.executableRefused');
      case 'extensionMismatch':
        throw new AppError('unsupported_media_type', {
          key: 'uploads.extensionMismatch',
          params: { extension: verdict.extension },
        });
      case 'unrecognised':
        throw new AppError('unsupported_media_type', 'uploads.typeUnrecognised');
    }
  }

  const utf8 = verdict.mustBeUtf8 ? new TextDecoder('utf-8', { fatal: true }) : null;
  const checkText = (chunk: Buffer, final: boolean) => {
    if (!utf8) return;
    try {
      utf8.decode(chunk, { stream: !final });
    } catch {
      throw new AppError('unsupported_media_type', 'uploads.textNotUtf8');
    }
  };

  async function* bytes(): AsyncGenerator<Buffer> {
    let finished = false;
    try {
      checkText(headBytes, ended);
      yield headBytes;
      while (!ended) {
        const next = await source.next();
        if (next.done) break;
        checkText(next.value, false);
        yield next.value;
      }
      checkText(Buffer.alloc(0), true);
      if (file.truncated?.()) throw options.tooLarge();
      finished = true;
    } finally {
      if (!finished) await stop();
    }
  }

  const key = newStorageKey();
  try {
    const stored = await storage.put(key, Readable.from(bytes(), { objectMode: false }), {
      maxBytes: options.maxBytes,
    });
    return { key, size: stored.size, sha256: stored.sha256, mime: verdict.mime };
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw options.tooLarge();
    throw error;
  }
}
