import type { KnowledgeImportResult } from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { COURSE_ID } from '../test/fixtures.ts';
import { KnowledgeImportDialog } from './knowledge-import-dialog.tsx';

// The upload itself is the uploads feature's (an XHR with progress): here it answers with upload 55.
vi.mock('../../uploads/public/upload-file.ts', () => ({
  uploadFile: vi.fn(async (file: File) => ({
    id: 55,
    name: file.name,
    size: file.size,
    type: 'document',
    mime_type: null,
    status: 'ready',
    deleted: false,
    allow_download: true,
    created_at: '2026-03-01T00:00:00.000Z',
    created_by: { id: 1, name: 'Teacher' },
  })),
}));

const IMPORT = `POST /api/courses/${COURSE_ID}/knowledge-nodes/import`;
const PARSE = 'POST /api/knowledge-nodes/parse/docx';
const AI = `POST /api/course/${COURSE_ID}/knowledge-nodes/ai-parse`;

const tree = [{ name: 'Limits', children: [{ name: 'Derivatives' }] }, { name: 'Integrals' }];

function result(overrides: Partial<KnowledgeImportResult> = {}): KnowledgeImportResult {
  return {
    created_count: 3,
    relation_count: 0,
    reference_count: 0,
    question_link_count: 0,
    root_ids: [10, 12],
    ...overrides,
  };
}

function renderDialog(routes: Record<string, RouteHandler>) {
  const fetchMock = mockApi(routes);
  renderRoutes(
    [
      {
        path: '/',
        element: <KnowledgeImportDialog courseId={COURSE_ID} open onClose={() => undefined} />,
      },
    ],
    '/',
  );
  return fetchMock;
}

const dialog = () => screen.getByRole('dialog', { name: 'Import knowledge nodes' });

function chooseFile(name: string, content = 'outline') {
  const input = dialog().querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
}

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

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('KnowledgeImportDialog', { timeout: 30_000 }, () => {
  it('previews a Word outline, imports exactly the tree shown and says how many nodes it added', async () => {
    const fetchMock = renderDialog({
      [PARSE]: () => jsonResponse({ data: tree, node_count: 3 }),
      [IMPORT]: () => jsonResponse(result()),
    });
    expect(screen.getByText(/Excel \(\.xlsx\): one level per column/)).toBeTruthy();
    const importButton = within(dialog()).getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    chooseFile('outline.docx');
    const preview = await screen.findByRole('region', { name: 'Preview: 3 nodes, 2 levels' });
    const items = within(preview).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual(['Limits', 'Derivatives', 'Integrals']);
    expect(sentBodies(fetchMock, PARSE)[0]).toBeInstanceOf(FormData);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('3 nodes imported.')).toBeTruthy();
    expect(sentBodies(fetchMock, IMPORT)).toEqual([{ data: tree }]);
    // Done: the footer offers only closing.
    expect(within(dialog()).queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('shows the server’s refusal with its details and keeps the preview to try again', async () => {
    let refuse = true;
    const fetchMock = renderDialog({
      [PARSE]: () => jsonResponse({ data: tree, node_count: 3 }),
      [IMPORT]: () =>
        refuse
          ? errorResponse(422, 'validation_failed', 'The outline cannot be imported.', {
              data: ['The course would have more than 2,000 nodes.'],
            })
          : jsonResponse(result()),
    });
    chooseFile('outline.docx');
    await screen.findByRole('region', { name: 'Preview: 3 nodes, 2 levels' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The outline cannot be imported.');
    expect(alert.textContent).toContain('The course would have more than 2,000 nodes.');
    expect(screen.getByRole('region', { name: 'Preview: 3 nodes, 2 levels' })).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('3 nodes imported.')).toBeTruthy();
    expect(sentBodies(fetchMock, IMPORT)).toHaveLength(2);
  });

  it('sends an Excel outline as a multipart form with its type', async () => {
    const fetchMock = renderDialog({ [IMPORT]: () => jsonResponse(result({ created_count: 7 })) });
    chooseFile('outline.xlsx');
    expect(await screen.findByText(/An Excel outline is read when it is imported/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('7 nodes imported.')).toBeTruthy();
    const [form] = sentBodies(fetchMock, IMPORT) as FormData[];
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('import_type')).toBe('excel');
    expect((form?.get('file') as File).name).toBe('outline.xlsx');
  });

  it('copies another course the teacher teaches, with its links when asked', async () => {
    const fetchMock = renderDialog({
      'POST /api/my-courses': () =>
        jsonResponse({
          page: 1,
          page_size: 100,
          pages: 1,
          total: 2,
          courses: [
            { id: COURSE_ID, name: 'This course', display_name: 'This course' },
            { id: 7, name: 'Calculus 2025', display_name: 'Calculus 2025' },
          ],
        }),
      [IMPORT]: () =>
        jsonResponse(
          result({ created_count: 4, relation_count: 2, reference_count: 3, question_link_count: 5 }),
        ),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Another course' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Course to copy the graph from' }));
    // The course being imported into is not offered.
    expect(await screen.findByRole('option', { name: 'Calculus 2025' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'This course' })).toBeNull();
    // The visible item of the list (the role="option" ones are antd's screen-reader copy).
    fireEvent.click(await screen.findByTitle('Calculus 2025'));
    const links = screen.getByRole('checkbox', { name: /Also copy its links/ });
    expect((links as HTMLInputElement).checked).toBe(true);

    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('4 nodes imported.')).toBeTruthy();
    expect(screen.getByText('Relations copied: 2. Links to content: 3. Questions linked: 5.')).toBeTruthy();
    expect(sentBodies(fetchMock, IMPORT)).toEqual([
      { import_type: 'course', source_course_id: 7, import_refer_resource: true },
    ]);
  });

  it('streams the AI outline as it is written, then previews and imports its tree', async () => {
    const stream = controlledStream();
    const fetchMock = renderDialog({
      [AI]: () => stream.response,
      [IMPORT]: () => jsonResponse(result()),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'AI from a document' }));
    chooseFile('syllabus.pdf');
    await waitFor(() => expect(sentBodies(fetchMock, AI)).toEqual([{ upload_id: 55 }]));

    stream.send({ data: '# Limits\n' });
    const progress = await screen.findByRole('region', { name: "The AI's outline" });
    await waitFor(() =>
      expect(within(progress).getByRole('status').textContent).toBe(
        'The AI is writing the outline… 9 characters so far',
      ),
    );
    expect(progress.querySelector('pre')?.textContent).toBe('# Limits\n');
    stream.send({ data: '## Derivatives\n# Integrals' });
    stream.send({ data: tree, node_count: 3 }, 'tree');
    stream.close();

    await screen.findByRole('region', { name: 'Preview: 3 nodes, 2 levels' });
    expect(within(progress).getByRole('status').textContent).toBe('The AI wrote 35 characters.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('3 nodes imported.')).toBeTruthy();
    expect(sentBodies(fetchMock, IMPORT)).toEqual([{ data: tree }]);
  });

  it('shows the server’s message when no AI provider is configured', async () => {
    renderDialog({
      [AI]: () => errorResponse(503, 'service_unavailable', 'No AI model is configured for this site.'),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'AI from a document' }));
    chooseFile('syllabus.pdf');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No AI model is configured for this site.');
    expect(within(dialog()).getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });
});
