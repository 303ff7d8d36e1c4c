import type { Upload, UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { referencePreviewPath, uploadPaths } from '@lectern/contracts/uploads/upload-paths';

/** A stored file, as POST /api/uploads answers, with overridable fields. */
export function makeUpload(overrides: Partial<Upload> = {}): Upload {
  return {
    id: 9,
    name: 'notes.pdf',
    size: 2048,
    type: 'document',
    mime_type: 'application/pdf',
    status: 'ready',
    deleted: false,
    allow_download: true,
    created_at: '2026-03-01T00:00:00.000Z',
    created_by: { id: 7, name: 'Li Wei' },
    ...overrides,
  };
}

/**
 * An attachment as GET /api/activities/{id}/upload_references lists it. Its URLs follow from its ids and
 * type as the server derives them, unless given.
 */
export function makeReference(overrides: Partial<UploadReference> = {}): UploadReference {
  const base = {
    id: 1,
    reference_id: overrides.id ?? 1,
    upload_id: 1,
    name: 'file.pdf',
    size: 1536,
    type: 'document' as const,
    mime_type: 'application/pdf',
    parent_type: 'learning_activity',
    parent_id: 101,
    allow_download: true,
    sort: 0,
    created_by_id: 7,
    created_at: '2026-03-01T00:00:00.000Z',
    can_download: true,
    can_preview: true,
    ...overrides,
  };
  return {
    ...base,
    preview_url: overrides.preview_url !== undefined ? overrides.preview_url : referencePreviewPath(base),
    blob_url: overrides.blob_url ?? uploadPaths.referenceBlob(base.id),
  };
}
