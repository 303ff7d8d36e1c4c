import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { canDisplayInline } from '@lectern/contracts/uploads/upload-rules';

/** PDFs, pictures and videos open in the browser; everything else is only downloaded. */
export function isPreviewable(reference: Pick<UploadReference, 'type' | 'mime_type'>): boolean {
  if (!canDisplayInline(reference.mime_type)) return false;
  return (
    reference.mime_type === 'application/pdf' || reference.type === 'image' || reference.type === 'video'
  );
}

export function isPdf(reference: Pick<UploadReference, 'mime_type'>): boolean {
  return reference.mime_type === 'application/pdf';
}
