import { describe, expect, it } from 'vitest';
import {
  canSave,
  hasUnsavedChanges,
  initialEditorState,
  markedFileName,
  nextZoom,
  normalizeRotation,
  parsePdfEditorQuery,
  pdfEditorReducer,
  sameOriginUrl,
  sourceKind,
  type PdfEditorAction,
  type PdfEditorState,
} from './pdf-editor.rules.ts';

const ORIGIN = 'https://lectern.example';
const parse = (search: string) => parsePdfEditorQuery(new URLSearchParams(search), ORIGIN);

function run(actions: PdfEditorAction[], state: PdfEditorState = initialEditorState(0)): PdfEditorState {
  return actions.reduce(pdfEditorReducer, state);
}

describe('the editor address', () => {
  it('reads the spec query names and the marking target', () => {
    const query = parse(
      'uploadId=12&file=%2Fapi%2Fuploads%2F12%2Fpreview&fileType=pdf&rotatedAngle=90&fileName=essay.pdf' +
        '&submission_id=7&activity_id=3',
    );
    expect(query).toEqual({
      sourceUrl: '/api/uploads/12/preview',
      kind: 'pdf',
      fileName: 'essay.pdf',
      rotation: 90,
      uploadId: 12,
      submissionId: 7,
      activityId: 3,
      referenceId: null,
    });
  });

  it('opens a picture from imgURL, and falls back to the upload itself', () => {
    expect(parse('imgURL=/api/uploads/reference/5/blob?preview=1&fileName=photo.JPG')).toMatchObject({
      kind: 'image',
      sourceUrl: '/api/uploads/reference/5/blob?preview=1',
    });
    expect(parse('uploadId=9&fileType=image').sourceUrl).toBe('/api/uploads/9/blob');
    expect(parse('uploadId=9').sourceUrl).toBe('/api/uploads/9/preview');
    expect(parse('attachmentUrl=/api/uploads/reference/4/blob').sourceUrl).toBe(
      '/api/uploads/reference/4/blob',
    );
  });

  it('never opens an address on another site, and says so when nothing is left', () => {
    expect(sameOriginUrl('https://evil.example/x.pdf', ORIGIN)).toBeNull();
    expect(sameOriginUrl('//evil.example/x.pdf', ORIGIN)).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(sameOriginUrl(`${ORIGIN}/api/uploads/1/preview`, ORIGIN)).toBe('/api/uploads/1/preview');
    expect(parse('file=https://evil.example/x.pdf').sourceUrl).toBeNull();
    // The outside address is skipped for the next candidate.
    expect(parse('file=https://evil.example/x.pdf&uploadId=3').sourceUrl).toBe('/api/uploads/3/preview');
  });

  it('ignores ids and angles that are not numbers', () => {
    const query = parse('uploadId=abc&submission_id=-1&activity_id=0&rotatedAngle=left');
    expect(query).toMatchObject({ uploadId: null, submissionId: null, activityId: null, rotation: 0 });
  });

  it('turns any angle into a quarter turn between 0 and 270', () => {
    expect([0, 90, -90, 180, 270, 360, 450, 89, -180, Number.NaN].map(normalizeRotation)).toEqual([
      0, 90, 270, 180, 270, 0, 90, 90, 180, 0,
    ]);
  });

  it('tells pictures from PDFs by type, MIME type or name', () => {
    expect(sourceKind('image/png', '', false)).toBe('image');
    expect(sourceKind('jpg', '', false)).toBe('image');
    expect(sourceKind('application/pdf', 'scan.png', false)).toBe('pdf');
    expect(sourceKind(null, 'scan.webp', false)).toBe('image');
    expect(sourceKind(null, 'essay.docx', false)).toBe('pdf');
    expect(sourceKind(null, '', true)).toBe('image');
  });

  it('names the saved copy after the original, always as a PDF', () => {
    expect(markedFileName('essay.docx', ' (marked)')).toBe('essay (marked).pdf');
    expect(markedFileName('photo.jpg', '-m')).toBe('photo-m.pdf');
    expect(markedFileName('', '-m')).toBe('document-m.pdf');
  });
});

describe('the toolbar state', () => {
  it('opens in preview, where tools cannot be chosen', () => {
    const state = run([
      { type: 'loaded', pageCount: 3 },
      { type: 'tool', tool: 'ink' },
    ]);
    expect(state.mode).toBe('preview');
    expect(state.tool).toBe('none');
  });

  it('enters edit only once the document is open', () => {
    expect(run([{ type: 'edit' }]).mode).toBe('preview');
    const state = run([{ type: 'loaded', pageCount: 2 }, { type: 'edit' }, { type: 'tool', tool: 'text' }]);
    expect(state).toMatchObject({ mode: 'edit', tool: 'text' });
  });

  it('keeps pen thickness and text size within their limits', () => {
    const state = run([
      { type: 'ink', thickness: 99 },
      { type: 'text', size: 2, color: '#000000' },
    ]);
    expect(state.ink.thickness).toBe(20);
    expect(state.text).toEqual({ size: 8, color: '#000000' });
  });

  it('counts annotations and a rotation as unsaved work, in edit only', () => {
    const opened = run([{ type: 'loaded', pageCount: 1 }]);
    expect(hasUnsavedChanges(run([{ type: 'rotate', by: 90 }], opened))).toBe(false);
    const editing = run([{ type: 'edit' }], opened);
    expect(canSave(editing)).toBe(false);
    const rotated = run([{ type: 'rotate', by: -90 }], editing);
    expect(rotated.rotation).toBe(270);
    expect(canSave(rotated)).toBe(true);
    // Turning back to where it was is no change.
    expect(canSave(run([{ type: 'rotate', by: 90 }], rotated))).toBe(false);
    expect(canSave(run([{ type: 'annotationsChanged' }], editing))).toBe(true);
  });

  it('saves once at a time, and a save that worked leaves nothing unsaved', () => {
    const dirty = run([
      { type: 'loaded', pageCount: 1 },
      { type: 'edit' },
      { type: 'annotationsChanged' },
      { type: 'rotate', by: 90 },
      { type: 'saveStarted' },
    ]);
    expect(canSave(dirty)).toBe(false);
    expect(
      run(
        [
          { type: 'tool', tool: 'ink' },
          { type: 'rotate', by: 90 },
        ],
        dirty,
      ),
    ).toMatchObject({
      tool: 'none',
      rotation: 90,
    });
    const failed = run([{ type: 'saveFinished', saved: false }], dirty);
    expect(canSave(failed)).toBe(true);
    const saved = run([{ type: 'saveFinished', saved: true }], dirty);
    expect(hasUnsavedChanges(saved)).toBe(false);
    expect(saved.savedRotation).toBe(90);
  });

  it('keeps the page within the document', () => {
    const state = run([
      { type: 'loaded', pageCount: 4 },
      { type: 'paged', page: 9 },
    ]);
    expect(state.page).toBe(4);
  });

  it('zooms by steps from wherever pdf.js fitted the page', () => {
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(1.1, 1)).toBe(1.25);
    expect(nextZoom(1.1, -1)).toBe(1);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(0.5, -1)).toBe(0.5);
  });
});
