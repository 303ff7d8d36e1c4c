import { previewKindOf } from './office-formats.ts';
import { canDisplayInline } from './upload-rules.ts';

/** The API paths of an upload's bytes; the server puts them on the wire and the web follows them. */
export const uploadPaths = {
  /** An upload's bytes, downloaded. */
  blob: (uploadId: number) => `/api/uploads/${uploadId}/blob`,
  /** An upload's bytes, shown in place (inline). */
  blobInline: (uploadId: number) => `/api/uploads/${uploadId}/blob?preview=1`,
  /** Where a pending upload's bytes are PUT (multipart `file`, or application/octet-stream). */
  content: (uploadId: number) => `/api/uploads/${uploadId}/content`,
  /** A PDF as it is, or an Office document rendered to PDF, for in-page viewing. */
  preview: (uploadId: number) => `/api/uploads/${uploadId}/preview`,
  /** An attachment's bytes, downloaded. */
  referenceBlob: (referenceId: number) => `/api/uploads/reference/${referenceId}/blob`,
  /** An attachment's bytes, shown in place (inline). */
  referenceInline: (referenceId: number) => `/api/uploads/reference/${referenceId}/blob?preview=1`,
};

/** Where an attachment is viewed in the page, or null when it can only be downloaded. */
export function referencePreviewPath(reference: {
  id: number;
  upload_id: number;
  name: string;
  mime_type: string | null;
}): string | null {
  if (previewKindOf(reference.mime_type, reference.name)) return uploadPaths.preview(reference.upload_id);
  return canDisplayInline(reference.mime_type) ? uploadPaths.referenceInline(reference.id) : null;
}
