import type { PdfEngine, PdfLoadingTask, PdfPage } from '../components/pdf-engine.ts';

/** What a stand-in document answers: its page count, or the HTTP status pdf.js would report. */
export type FakeDocument = { pages: number } | { status: number };

/**
 * Stands in for pdf.js in component tests (jsdom cannot draw on a canvas): documents open by URL, and
 * every page drawn is recorded, so a test can tell which page the reader sees.
 */
export function fakePdfEngine(documents: Record<string, FakeDocument>) {
  const opened: string[] = [];
  const rendered: { url: string; page: number; scale: number }[] = [];
  const engine: PdfEngine = {
    open(url: string): PdfLoadingTask {
      opened.push(url);
      const spec = documents[url];
      if (!spec || 'status' in spec) {
        const status = spec?.status ?? 404;
        const failure = Object.assign(new Error(`Unexpected server response (${status})`), { status });
        return { promise: Promise.reject(failure), destroy: async () => {} };
      }
      const page = (pageNumber: number): PdfPage => ({
        getViewport: ({ scale }) => ({ width: 842 * scale, height: 595 * scale }),
        render: ({ scale }) => {
          rendered.push({ url, page: pageNumber, scale });
          return { promise: Promise.resolve(), cancel: () => {} };
        },
      });
      return {
        promise: Promise.resolve({ numPages: spec.pages, getPage: async (n: number) => page(n) }),
        destroy: async () => {},
      };
    },
  };
  return {
    engine,
    opened,
    /** The last page drawn of this URL. */
    lastPage: (url: string) => rendered.filter((r) => r.url === url).at(-1)?.page,
  };
}
