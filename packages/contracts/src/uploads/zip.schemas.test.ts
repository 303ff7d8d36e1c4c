import { describe, expect, it } from 'vitest';
import { CreateUploadMetadataSchema } from './upload.schemas.ts';
import { ZipUploadsQuerySchema } from './zip.schemas.ts';

describe('ZipUploadsQuerySchema', () => {
  it('reads upload_ids as a comma list or repeated, and defaults the zone to UTC', () => {
    expect(ZipUploadsQuerySchema.parse({ upload_ids: '1,2, 3' })).toEqual({
      upload_ids: [1, 2, 3],
      timezone: 'UTC',
    });
    expect(ZipUploadsQuerySchema.parse({ upload_ids: ['4', '5,6'], timezone: 'Asia/Shanghai' })).toEqual({
      upload_ids: [4, 5, 6],
      timezone: 'Asia/Shanghai',
    });
  });

  it('refuses no ids, bad ids, too many ids and unknown zones', () => {
    expect(ZipUploadsQuerySchema.safeParse({ upload_ids: '' }).success).toBe(false);
    expect(ZipUploadsQuerySchema.safeParse({ upload_ids: '1,x' }).success).toBe(false);
    expect(ZipUploadsQuerySchema.safeParse({ upload_ids: '0' }).success).toBe(false);
    const many = Array.from({ length: 2001 }, (_, i) => i + 1).join(',');
    expect(ZipUploadsQuerySchema.safeParse({ upload_ids: many }).success).toBe(false);
    expect(ZipUploadsQuerySchema.safeParse({ upload_ids: '1', timezone: 'Mars/Olympus' }).success).toBe(
      false,
    );
  });
});

describe("CreateUploadMetadataSchema with the original clients' body", () => {
  it('reads parent_type null and parent_id 0 as no parent and accepts their flags', () => {
    const parsed = CreateUploadMetadataSchema.parse({
      name: 'essay.docx',
      size: 1200,
      parent_type: null,
      parent_id: 0,
      is_scorm: false,
      is_wmpkg: false,
      source: '',
      is_marked_attachment: false,
      embed_material_type: '',
    });
    expect(parsed.parent_type).toBeUndefined();
    expect(parsed.parent_id).toBeUndefined();
    expect(parsed.name).toBe('essay.docx');
  });

  it('still wants a parent id with a parent type', () => {
    const parsed = CreateUploadMetadataSchema.safeParse({
      name: 'a.pdf',
      size: 1,
      parent_type: 'learning_activity',
      parent_id: 0,
    });
    expect(parsed.success).toBe(false);
  });
});
