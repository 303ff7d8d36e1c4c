import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type RouteHandler,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeUpload } from '../test/fixtures.ts';
import { UploadXhr } from '../test/upload-xhr.ts';
import { LibrarySubjectsImportPage } from './subjects-import-page.tsx';

const AI_CONVERT = 'POST /api/data-import/ai-convert';

/** A server-sent-events response the test writes into as it goes, like the server's stream. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (data: unknown, event?: string) =>
      controller.enqueue(
        encoder.encode(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
      ),
    close: () => controller.close(),
  };
}

function renderPage(aiConvert: RouteHandler, creditRemaining = 90) {
  const fetchMock = mockApi({
    'GET /api/ai/status': () =>
      jsonResponse({ available: true, credit_mode: 'allocation', max_text_length: 20000 }),
    'GET /api/ai/credits/me': () =>
      jsonResponse({
        userId: 1,
        userNo: 'T1',
        userName: 'Teacher',
        department: null,
        role: 'instructor',
        creditAssigned: 100,
        creditUsed: 100 - creditRemaining,
        creditRemaining,
        creditUsedPercent: 100 - creditRemaining,
        isLowAirCredit: false,
      }),
    [AI_CONVERT]: aiConvert,
  });
  renderRoutes(
    [{ path: '/subject-lib/:id/import', element: <LibrarySubjectsImportPage /> }],
    '/subject-lib/7/import',
  );
  return fetchMock;
}

const editor = () => screen.getByRole('textbox', { name: 'Document' });
const aiButton = () => screen.findByRole('button', { name: /AI import/ });
const chooseFile = (name: string) =>
  fireEvent.change(screen.getByLabelText('Choose a .docx, .pdf or .txt file for AI import'), {
    target: { files: [new File(['Q1 capital of France? a) Berlin b) Paris'], name)] },
  });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  UploadXhr.reset({ status: 201, body: makeUpload({ id: 55 }) });
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
});

describe('AI import on the import page', { timeout: 60_000 }, () => {
  it('streams the question text into the raw editor as it arrives, then leaves it editable for identify', async () => {
    const stream = controlledStream();
    const fetchMock = renderPage(() => stream.response);
    await waitFor(async () => expect((await aiButton()).hasAttribute('disabled')).toBe(false));
    chooseFile('paper.pdf');

    await waitFor(() => expect(sentBodies(fetchMock, AI_CONVERT)).toHaveLength(1));
    expect(sentBodies(fetchMock, AI_CONVERT)[0]).toEqual({ upload_id: 55, belong: 'library', belong_id: 7 });
    stream.send({ data: '1. [Single choice] Capital of ' });
    await waitFor(() => expect(editor().textContent).toBe('1. [Single choice] Capital of '));
    expect(editor().getAttribute('aria-disabled')).toBe('true');

    stream.send({ data: 'France?\nA. Berlin\nB. Paris\nAnswer: B' });
    stream.close();
    // The editor takes the last chunk and unlocks in separate renders: on a busy machine a check between
    // them saw the lock gone and the text a chunk behind.
    await waitFor(() => {
      expect(editor().getAttribute('aria-disabled')).toBeNull();
      expect([...editor().querySelectorAll('p')].map((p) => p.textContent)).toEqual([
        '1. [Single choice] Capital of France?',
        'A. Berlin',
        'B. Paris',
        'Answer: B',
      ]);
    });
    expect(editor().getAttribute('contenteditable')).toBe('true');
    expect(screen.getByRole('button', { name: 'Identify' }).hasAttribute('disabled')).toBe(false);
  });

  it('on a refusal toasts "Import failed" and puts the server text in the hint area', async () => {
    renderPage(() => errorResponse(400, 'validation_failed', 'This file has no text that can be read.'));
    await waitFor(async () => expect((await aiButton()).hasAttribute('disabled')).toBe(false));
    chooseFile('blank.txt');

    expect(await screen.findByText('Import failed')).toBeTruthy();
    const hint = await screen.findByText('This file has no text that can be read.');
    // In the editor's hint area, next to the description, not in the toast.
    expect(hint.getAttribute('role')).toBe('alert');
    expect(hint.previousElementSibling?.textContent).toContain('The converted document.');
    expect(editor().getAttribute('aria-disabled')).toBeNull();
  });

  it('is disabled with no credit left', async () => {
    renderPage(() => errorResponse(500, 'internal', 'never asked'), 0);
    await waitFor(async () => expect((await aiButton()).hasAttribute('disabled')).toBe(true));
  });
});
