import type { Upload, UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { referencePreviewPath, uploadPaths } from '@lectern/contracts/uploads/upload-paths';
import { canDisplayInline, UPLOAD_KINDS, type UploadKind } from '@lectern/contracts/uploads/upload-rules';
import type { ReferenceRow, UploadRow, UploadWithCreator } from './uploads.repository.ts';

const kindOf = (value: string): UploadKind =>
  (UPLOAD_KINDS as readonly string[]).includes(value) ? (value as UploadKind) : 'other';

/** Rows become wire shapes here and nowhere else. */
export function presentUpload(row: UploadWithCreator): Upload {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: kindOf(row.type),
    mime_type: row.mimeType,
    status: row.status,
    deleted: row.deleted,
    allow_download: row.allowDownload,
    created_at: row.createdAt.toISOString(),
    created_by: { id: row.createdBy, name: row.creatorName },
    ...(row.status === 'pending' ? { upload_url: uploadPaths.content(row.id) } : {}),
  };
}

/** The file behind an attachment, as `references[].upload`. */
export function presentUploadRef(upload: UploadRow) {
  return { id: upload.id, name: upload.name, size: upload.size, mime_type: upload.mimeType };
}

export function presentReference(
  reference: ReferenceRow,
  upload: UploadRow,
  viewer: { canDownload: boolean },
): UploadReference {
  return {
    id: reference.id,
    reference_id: reference.id,
    upload_id: upload.id,
    name: reference.name,
    size: upload.size,
    type: kindOf(upload.type),
    mime_type: upload.mimeType,
    parent_type: reference.parentType,
    parent_id: reference.parentId,
    allow_download: reference.allowDownload,
    sort: reference.sort,
    created_by_id: reference.createdBy,
    created_at: reference.createdAt.toISOString(),
    can_download: viewer.canDownload,
    can_preview: canDisplayInline(upload.mimeType),
    preview_url: referencePreviewPath({
      id: reference.id,
      upload_id: upload.id,
      name: upload.name,
      mime_type: upload.mimeType,
    }),
    blob_url: uploadPaths.referenceBlob(reference.id),
  };
}
