import type { CourseSharedFile } from '@lectern/contracts/course-services/shared-files.schemas';
import { previewKindOf } from '@lectern/contracts/uploads/office-formats';
import { uploadPaths } from '@lectern/contracts/uploads/upload-paths';
import { canDisplayInline, UPLOAD_KINDS, type UploadKind } from '@lectern/contracts/uploads/upload-rules';
import type { SharedFileRow } from './shared-files.repository.ts';

const kindOf = (value: string): UploadKind =>
  (UPLOAD_KINDS as readonly string[]).includes(value) ? (value as UploadKind) : 'other';

/**
 * Where a shared file is viewed in the page. The PDF preview route serves whoever may read the file; the
 * inline blob is the download route's, so it is offered only to those who may download.
 */
function previewUrlOf(row: SharedFileRow, canDownload: boolean): string | null {
  if (previewKindOf(row.mimeType, row.name)) return uploadPaths.preview(row.uploadId);
  return canDownload && canDisplayInline(row.mimeType) ? uploadPaths.blobInline(row.uploadId) : null;
}

export function presentSharedFile(
  row: SharedFileRow,
  viewer: { canDownload: boolean; canUnshare: boolean },
): CourseSharedFile {
  return {
    upload_id: row.uploadId,
    name: row.name,
    size: Number(row.size),
    type: kindOf(row.type),
    mime_type: row.mimeType,
    shared_by:
      row.sharedById === null
        ? null
        : { id: row.sharedById, name: row.sharedByName ?? String(row.sharedById) },
    shared_at: row.sharedAt.toISOString(),
    can_download: viewer.canDownload,
    preview_url: previewUrlOf(row, viewer.canDownload),
    blob_url: uploadPaths.blob(row.uploadId),
    can_unshare: viewer.canUnshare,
  };
}
