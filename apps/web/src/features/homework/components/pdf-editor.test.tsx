import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  SourceFetchError,
  type OpenPdfEditor,
  type PdfEditorEvents,
  type PdfEditorSession,
} from './pdf-editor-engine.ts';
import { PdfEditor } from './pdf-editor.tsx';
import { parsePdfEditorQuery } from './pdf-editor.rules.ts';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

const SAVED_BYTES = new TextEncoder().encode('%PDF-1.7 /Annots [ /FreeText ]');

/** Stands in for pdf.js: records what the toolbar asked of it; `events` lets a test play pdf.js's part. */
function fakeEditor(options: { pageCount?: number; failure?: Error } = {}) {
  const calls: string[] = [];
  let events: PdfEditorEvents | undefined;
  const session: PdfEditorSession = {
    pageCount: options.pageCount ?? 3,
    setTool: vi.fn(async (tool) => void calls.push(`tool:${tool}`)),
    setInk: vi.fn((params) => void calls.push(`ink:${params.color}:${params.thickness}`)),
    setText: vi.fn((params) => void calls.push(`text:${params.color}:${params.size}`)),
    setHighlight: vi.fn(),
    addStamp: vi.fn(async (stamp) => void calls.push(`stamp:${stamp === 'picture' ? stamp : stamp.text}`)),
    setRotation: vi.fn((rotation) => void calls.push(`rotation:${rotation}`)),
    setScale: vi.fn((scale) => void calls.push(`scale:${scale}`)),
    goToPage: vi.fn((page) => void calls.push(`page:${page}`)),
    undo: vi.fn(() => void calls.push('undo')),
    redo: vi.fn(),
    save: vi.fn(async (rotation) => {
      calls.push(`save:${rotation}`);
      return SAVED_BYTES;
    }),
    destroy: vi.fn(),
  };
  const open: OpenPdfEditor = vi.fn(async (params) => {
    events = params.events;
    if (options.failure) throw options.failure;
    return session;
  });
  return {
    open,
    session,
    calls,
    get events() {
      if (!events) throw new Error('the editor was not opened');
      return events;
    },
  };
}

function renderEditor(
  search: string,
  editor: ReturnType<typeof fakeEditor>,
  saveCopy: ((file: File) => Promise<void>) | null = vi.fn(async () => undefined),
) {
  const onClose = vi.fn();
  const query = parsePdfEditorQuery(new URLSearchParams(search), window.location.origin);
  const view = renderRoutes(
    [
      {
        path: '/pdf/editor',
        element: <PdfEditor query={query} saveCopy={saveCopy} onClose={onClose} openEditor={editor.open} />,
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    `/pdf/editor?${search}`,
  );
  return { ...view, onClose, saveCopy };
}

/** jsdom's File has no arrayBuffer(); FileReader it has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

async function openForEditing(editor = fakeEditor(), saveCopy?: (file: File) => Promise<void>) {
  const view = renderEditor('uploadId=12&fileName=essay.pdf&rotatedAngle=0', editor, saveCopy);
  fireEvent.click(await screen.findByRole('button', { name: 'Mark up' }));
  await screen.findByRole('button', { name: 'Draw' });
  return view;
}

// Each test drives the whole antd toolbar; a machine busy with other suites needs more than the default.
describe('PdfEditor', { timeout: 60_000 }, () => {
  it('opens the upload in preview, with viewing tools only', async () => {
    const editor = fakeEditor();
    renderEditor('uploadId=12&fileName=essay.pdf&rotatedAngle=90', editor);

    expect(await screen.findByRole('button', { name: 'Mark up' })).toBeTruthy();
    expect(editor.open).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/uploads/12/preview', kind: 'pdf', rotation: 90 }),
    );
    expect(screen.getByRole('heading', { name: 'Mark up essay.pdf' })).toBeTruthy();
    expect(screen.getByText('Preview')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    // Viewing still works in preview.
    fireEvent.click(button('Next page'));
    expect(editor.calls).toContain('page:2');
    fireEvent.click(button('Rotate right'));
    expect(editor.calls).toContain('rotation:180');
  });

  it('offers no editing to someone who may not mark', async () => {
    renderEditor('uploadId=12&fileName=essay.pdf', fakeEditor(), null);
    expect(await screen.findByText('View only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark up' })).toBeNull();
  });

  it('switches tools in edit and hands pdf.js the pen colour and thickness', async () => {
    const editor = fakeEditor();
    await openForEditing(editor);
    expect(screen.getByText('Editing')).toBeTruthy();

    fireEvent.click(button('Draw'));
    await waitFor(() => expect(editor.calls).toContain('ink:#e53935:3'));
    expect(editor.calls).toContain('tool:ink');
    expect(button('Draw').getAttribute('aria-pressed')).toBe('true');

    const thickness = screen.getByRole('spinbutton', { name: 'Pen thickness' });
    fireEvent.change(thickness, { target: { value: '8' } });
    await waitFor(() => expect(editor.calls).toContain('ink:#e53935:8'));
    fireEvent.change(thickness, { target: { value: '99' } });
    fireEvent.blur(thickness);
    await waitFor(() =>
      expect(editor.calls.filter((c) => c.startsWith('ink:')).at(-1)).toBe('ink:#e53935:20'),
    );
    expect(editor.calls.some((c) => c.endsWith(':99'))).toBe(false);

    fireEvent.click(button('Text'));
    await waitFor(() => expect(editor.calls).toContain('text:#e53935:16'));
    expect(screen.getByRole('spinbutton', { name: 'Text size' })).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Pen thickness' })).toBeNull();
  });

  it('stamps a preset as a picture', async () => {
    const editor = fakeEditor();
    await openForEditing(editor);
    fireEvent.click(button('Stamp'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Tick ✓' }));
    await waitFor(() => expect(editor.calls).toContain('stamp:✓'));
    fireEvent.click(button('Stamp'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '“Good”' }));
    await waitFor(() => expect(editor.calls).toContain('stamp:Good'));
  });

  it('undoes through pdf.js once it has something to undo', async () => {
    const editor = fakeEditor();
    await openForEditing(editor);
    expect(isDisabled(button('Undo'))).toBe(true);
    editor.events.onHistory({ canUndo: true, canRedo: false });
    await waitFor(() => expect(isDisabled(button('Undo'))).toBe(false));
    fireEvent.click(button('Undo'));
    expect(editor.calls).toContain('undo');
  });

  it('saves the annotated copy as a new PDF, with the rotation, and is then clean', async () => {
    const editor = fakeEditor();
    const saveCopy = vi.fn(async (_file: File) => undefined);
    await openForEditing(editor, saveCopy);
    const save = button(/Save/);
    expect(isDisabled(save)).toBe(true);

    editor.events.onAnnotationsChanged();
    fireEvent.click(button('Rotate left'));
    await waitFor(() => expect(isDisabled(button(/Save/))).toBe(false));
    fireEvent.click(button(/Save/));

    expect(await screen.findByText('Saved as a marked attachment: essay (marked).pdf')).toBeTruthy();
    expect(editor.calls).toContain('save:270');
    expect(saveCopy).toHaveBeenCalledTimes(1);
    const file = saveCopy.mock.calls[0]![0];
    expect(file.name).toBe('essay (marked).pdf');
    expect(file.type).toBe('application/pdf');
    expect(await readText(file)).toContain('/FreeText');
    await waitFor(() => expect(isDisabled(button(/Save/))).toBe(true));
  });

  it('keeps the work when saving fails, and says why', async () => {
    const editor = fakeEditor();
    const saveCopy = vi.fn(async () => {
      throw new Error('offline');
    });
    await openForEditing(editor, saveCopy);
    editor.events.onAnnotationsChanged();
    await waitFor(() => expect(isDisabled(button(/Save/))).toBe(false));
    fireEvent.click(button(/Save/));
    expect(await screen.findByText('The marked copy could not be saved.')).toBeTruthy();
    expect(isDisabled(button(/Save/))).toBe(false);
  });

  it('warns before leaving with unsaved annotations', async () => {
    const editor = fakeEditor();
    const { onClose, router } = await openForEditing(editor);
    editor.events.onAnnotationsChanged();
    await waitFor(() => expect(isDisabled(button(/Save/))).toBe(false));

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(button(/Close/));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();

    void router.navigate('/elsewhere');
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('closes at once when nothing is unsaved', async () => {
    const { onClose } = renderEditor('uploadId=12', fakeEditor());
    fireEvent.click(await screen.findByRole('button', { name: /Close/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the file is gone or the address names none', async () => {
    renderEditor('uploadId=12', fakeEditor({ failure: new SourceFetchError(404) }));
    expect(await screen.findByText('The file is gone or you may not open it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });

  it('opens nothing from another site', async () => {
    const editor = fakeEditor();
    renderEditor('file=https://evil.example/x.pdf', editor);
    expect(await screen.findByText('The link names no file to open.')).toBeTruthy();
    expect(editor.open).not.toHaveBeenCalled();
  });
});
