import { buildUrl } from '../../../shared/api/http-client.ts';
import { UPLOADS_PATH } from '../api/create-upload.ts';

/**
 * Where the bytes of one attachment live. `preview` asks the server to answer inline, so a browser shows
 * PDFs, pictures and videos in place instead of saving them.
 */
export function attachmentBlobUrl(referenceId: number, options: { preview?: boolean } = {}): string {
  return buildUrl(`${UPLOADS_PATH}/reference/${referenceId}/blob`, {
    preview: options.preview ? 1 : undefined,
  });
}
