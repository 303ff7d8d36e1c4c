import type { Upload } from '@lectern/contracts/uploads/upload.schemas';
import { createUpload } from '../api/create-upload.ts';

export interface UploadFileOptions {
  signal?: AbortSignal;
}

/**
 * Sends one file to `POST /api/uploads`, attached to nothing yet, for a feature that hands the upload id
 * on to its own call (a question import). Failures are the same ApiError as any other request.
 */
export function uploadFile(file: Blob & { name?: string }, options: UploadFileOptions = {}): Promise<Upload> {
  return createUpload(file, options);
}
