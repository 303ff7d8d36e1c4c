import { describe, expect, it } from 'vitest';
import { officeFormatOf, previewKindOf } from './office-formats.ts';

describe('officeFormatOf', () => {
  it('knows the Office and OpenDocument types by their MIME type, whatever the name', () => {
    expect(
      officeFormatOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x'),
    ).toBe('docx');
    expect(
      officeFormatOf('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a.bin'),
    ).toBe('pptx');
    expect(officeFormatOf('application/vnd.ms-excel', 'grades')).toBe('xls');
    expect(officeFormatOf('application/vnd.oasis.opendocument.presentation', 'talk.odp')).toBe('odp');
  });

  it('takes the name only when the bytes read as a generic zip or compound file', () => {
    expect(officeFormatOf('application/zip', 'Slides.PPTX')).toBe('pptx');
    expect(officeFormatOf('application/x-cfb', 'old.doc')).toBe('doc');
    expect(officeFormatOf('application/zip', 'archive.zip')).toBeNull();
    expect(officeFormatOf('image/png', 'picture.docx')).toBeNull();
    expect(officeFormatOf(null, 'report.docx')).toBeNull();
  });
});

describe('previewKindOf', () => {
  it('shows PDFs as they are, renders Office files, and nothing else', () => {
    expect(previewKindOf('application/pdf', 'a.pdf')).toEqual({ kind: 'pdf' });
    expect(previewKindOf('application/msword', 'a.doc')).toEqual({ kind: 'office', format: 'doc' });
    expect(previewKindOf('video/mp4', 'a.mp4')).toBeNull();
    expect(previewKindOf('text/plain', 'a.txt')).toBeNull();
  });
});
