import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../errors.ts';

/**
 * Counts and hashes the bytes an upload passes through, failing it with `payload_too_large` past
 * `maxBytes`. A multipart stream cut at the size limit ends quietly with `truncated` set instead of
 * failing; the meter fails at its end then, before a driver can keep what it wrote.
 */
export function byteMeter(body: Readable, maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new AppError('payload_too_large'));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if ((body as Readable & { truncated?: boolean }).truncated) {
        callback(new AppError('payload_too_large'));
        return;
      }
      callback();
    },
  });
  return { stream, stored: () => ({ size, sha256: hash.digest('hex') }) };
}
