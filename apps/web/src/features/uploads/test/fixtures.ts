import type { Upload } from '@lectern/contracts/uploads/upload.schemas';

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
