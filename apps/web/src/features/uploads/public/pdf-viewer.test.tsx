import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { loadPdfEngine } from '../components/pdf-engine.ts';
import { fakePdfEngine } from '../test/fake-pdf-engine.ts';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';

vi.mock('../components/pdf-engine.ts', () => ({ loadPdfEngine: vi.fn() }));

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

function renderViewer(props: PdfViewerProps) {
  return renderRoutes([{ path: '*', element: <PdfViewer {...props} /> }], '/');
}

const pageBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Page number' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

describe('PdfViewer', () => {
  it('opens a document at page 1, reports its pages, and moves with previous and next', async () => {
    const fake = fakePdfEngine({ '/doc.pdf': { pages: 5 } });
    vi.mocked(loadPdfEngine).mockResolvedValue(fake.engine);
    const onPageChange = vi.fn();
    const onDocumentLoad = vi.fn();
    renderViewer({ url: '/doc.pdf', onPageChange, onDocumentLoad, title: 'Lecture 2' });

    expect(screen.getByText('Opening the document…')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Page 1 of 5 of the document' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Lecture 2' })).toBeTruthy();
    expect(onDocumentLoad).toHaveBeenCalledWith({ pageCount: 5 });
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(1));
    await waitFor(() => expect(fake.lastPage('/doc.pdf')).toBe(1));
    expect(pageBox().value).toBe('1');
    expect(screen.getByText('of 5')).toBeTruthy();

    const previous = screen.getByRole('button', { name: /Previous page/ });
    const next = screen.getByRole('button', { name: /Next page/ });
    expect(isDisabled(previous)).toBe(true);
    await userEvent.click(next);
    await userEvent.click(next);
    expect(pageBox().value).toBe('3');
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await waitFor(() => expect(fake.lastPage('/doc.pdf')).toBe(3));
    await userEvent.click(previous);
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('goes to the page typed in the box, within the document, and ignores what is not a number', async () => {
    vi.mocked(loadPdfEngine).mockResolvedValue(fakePdfEngine({ '/doc.pdf': { pages: 5 } }).engine);
    const onPageChange = vi.fn();
    renderViewer({ url: '/doc.pdf', onPageChange });
    await screen.findByRole('img', { name: /Page 1 of 5/ });

    await userEvent.clear(pageBox());
    await userEvent.type(pageBox(), '4{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('img', { name: 'Page 4 of 5 of the document' })).toBeTruthy();

    await userEvent.clear(pageBox());
    await userEvent.type(pageBox(), '99{Enter}');
    expect(pageBox().value).toBe('5');
    expect(isDisabled(screen.getByRole('button', { name: /Next page/ }))).toBe(true);

    await userEvent.clear(pageBox());
    await userEvent.type(pageBox(), 'x');
    fireEvent.blur(pageBox());
    expect(pageBox().value).toBe('5');
    expect(onPageChange).toHaveBeenLastCalledWith(5);
  });

  it('turns pages from the keyboard once the page has focus', async () => {
    vi.mocked(loadPdfEngine).mockResolvedValue(fakePdfEngine({ '/doc.pdf': { pages: 5 } }).engine);
    renderViewer({ url: '/doc.pdf', initialPage: 2 });
    const frame = await screen.findByRole('group', { name: 'Page 2 of 5' });
    frame.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Page 3 of 5' }));
    await userEvent.keyboard('{End}');
    expect(pageBox().value).toBe('5');
    await userEvent.keyboard('{Home}');
    expect(pageBox().value).toBe('1');
    await userEvent.keyboard('{PageDown}');
    expect(pageBox().value).toBe('2');
  });

  it('shows why a document did not open, in the server’s words, and tries again on request', async () => {
    const fake = fakePdfEngine({ '/api/uploads/7/preview': { status: 415 } });
    vi.mocked(loadPdfEngine).mockResolvedValue(fake.engine);
    mockApi({
      'GET /api/uploads/7/preview': () =>
        errorResponse(415, 'unsupported_media_type', 'LibreOffice is not installed on the server.'),
    });
    renderViewer({ url: '/api/uploads/7/preview' });
    expect(await screen.findByText('The document could not be opened')).toBeTruthy();
    expect(screen.getByText('LibreOffice is not installed on the server.')).toBeTruthy();
    expect(isDisabled(screen.getByRole('textbox', { name: 'Page number' }))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(fake.opened).toHaveLength(2));
  });

  it('falls back to a general explanation when the failure says nothing more', async () => {
    const broken = {
      open: () => ({ promise: Promise.reject(new Error('Invalid PDF structure')), destroy: async () => {} }),
    };
    vi.mocked(loadPdfEngine).mockResolvedValue(broken);
    renderViewer({ url: '/broken.pdf' });
    expect(
      await screen.findByText('Check your connection and try again, or download the file.'),
    ).toBeTruthy();
  });
});
