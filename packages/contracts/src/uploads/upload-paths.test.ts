import { describe, expect, it } from 'vitest';
import { referencePreviewPath, uploadPaths } from './upload-paths.ts';

const file = (name: string, mime: string | null) => ({ id: 7, upload_id: 70, name, mime_type: mime });

describe('referencePreviewPath', () => {
  it('views PDFs and Office files through the upload preview, as PDF', () => {
    expect(referencePreviewPath(file('a.pdf', 'application/pdf'))).toBe('/api/uploads/70/preview');
    expect(referencePreviewPath(file('b.pptx', 'application/zip'))).toBe('/api/uploads/70/preview');
    expect(referencePreviewPath(file('c.xls', 'application/vnd.ms-excel'))).toBe('/api/uploads/70/preview');
  });

  it('shows pictures, video, audio and text in place, and nothing else', () => {
    expect(referencePreviewPath(file('d.png', 'image/png'))).toBe('/api/uploads/reference/7/blob?preview=1');
    expect(referencePreviewPath(file('e.mp4', 'video/mp4'))).toBe(uploadPaths.referenceInline(7));
    expect(referencePreviewPath(file('f.svg', 'image/svg+xml'))).toBeNull();
    expect(referencePreviewPath(file('g.zip', 'application/zip'))).toBeNull();
    expect(referencePreviewPath(file('h', null))).toBeNull();
  });
});
