import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import type * as Engine from '../components/pdf-editor-engine.ts';
import type { PdfEditorSession } from '../components/pdf-editor-engine.ts';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import { PdfEditorPage } from './pdf-editor-page.tsx';

// pdf.js cannot render under jsdom: the page opens a stand-in document of two pages.
vi.mock('../components/pdf-editor-engine.ts', async (original) => ({
  ...(await original<typeof Engine>()),
  openPdfEditor: vi.fn(async (): Promise<PdfEditorSession> => ({
    pageCount: 2,
    setTool: async () => undefined,
    setInk: () => undefined,
    setText: () => undefined,
    setHighlight: () => undefined,
    addStamp: async () => undefined,
    setRotation: () => undefined,
    setScale: () => undefined,
    goToPage: () => undefined,
    undo: () => undefined,
    redo: () => undefined,
    save: async () => new Uint8Array(),
    destroy: () => undefined,
  })),
}));

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

const TARGET = `uploadId=12&fileType=pdf&fileName=essay.pdf&activity_id=${HOMEWORK_ID}&submission_id=7`;

function renderPage(search: string) {
  return renderRoutes([{ path: '/pdf/editor', element: <PdfEditorPage /> }], `/pdf/editor?${search}`);
}

describe('PdfEditorPage', { timeout: 60_000 }, () => {
  it('offers marking up to a marker of the homework', async () => {
    mockApi({
      [`GET /api/homework/${HOMEWORK_ID}`]: () =>
        jsonResponse(
          makeHomeworkDetail({ permissions: { allow_mark: true, allow_edit: true, allow_setting: true } }),
        ),
    });
    renderPage(TARGET);
    expect(await screen.findByRole('button', { name: 'Mark up' })).toBeTruthy();
  });

  it('only previews for someone who may not mark', async () => {
    mockApi({ [`GET /api/homework/${HOMEWORK_ID}`]: () => jsonResponse(makeHomeworkDetail()) });
    renderPage(TARGET);
    expect(await screen.findByText('View only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark up' })).toBeNull();
  });

  it('only previews while the teacher simulates a student', async () => {
    mockApi({
      [`GET /api/homework/${HOMEWORK_ID}`]: () =>
        jsonResponse(
          makeHomeworkDetail({
            permissions: { allow_mark: true, allow_edit: true, allow_setting: true },
            is_simulating: true,
          }),
        ),
    });
    renderPage(TARGET);
    expect(await screen.findByText('View only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark up' })).toBeNull();
  });

  it('only previews a file with nowhere to save a marked copy', async () => {
    const api = mockApi();
    renderPage('uploadId=12&fileName=essay.pdf');
    expect(await screen.findByText('View only.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });
});
