/**
 * The part of pdf.js the viewer uses, behind a narrow interface: pdf.js (about 1 MB with its worker) is
 * downloaded only when a document is first opened, and component tests can stand in for it, since
 * canvas rendering cannot run under jsdom.
 */
export type PdfViewport = { width: number; height: number };

export type PdfRenderTask = { promise: Promise<void>; cancel(): void };

export type PdfPage = {
  /** The page's size at a scale, in CSS pixels. */
  getViewport(params: { scale: number }): PdfViewport;
  /** Draws the page at `scale` onto a canvas sized for it; `pixelRatio` sharpens it on dense screens. */
  render(params: { canvas: HTMLCanvasElement; scale: number; pixelRatio: number }): PdfRenderTask;
};

export type PdfDocument = { numPages: number; getPage(pageNumber: number): Promise<PdfPage> };

export type PdfLoadingTask = { promise: Promise<PdfDocument>; destroy(): Promise<void> };

export type PdfEngine = { open(url: string): PdfLoadingTask };

let engine: Promise<PdfEngine> | undefined;

/**
 * pdf.js's legacy build: its targets (Chrome 110, Safari 16.4, Firefox ESR) cover the browsers Lectern
 * supports (docs/decisions/0005), which the modern build does not (it needs newer built-ins).
 */
export function loadPdfEngine(): Promise<PdfEngine> {
  engine ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return {
      open(url: string): PdfLoadingTask {
        // Same-origin requests carry the session cookie; ranges let the first page show before the rest.
        const task = pdfjs.getDocument({
          url,
          withCredentials: false,
          // Served by the app (vite.config.ts): Chinese PDFs without embedded fonts need the CMaps.
          cMapUrl: '/pdfjs/cmaps/',
          cMapPacked: true,
          standardFontDataUrl: '/pdfjs/standard_fonts/',
          wasmUrl: '/pdfjs/wasm/',
        });
        return {
          promise: task.promise.then((document) => ({
            numPages: document.numPages,
            async getPage(pageNumber: number): Promise<PdfPage> {
              const page = await document.getPage(pageNumber);
              return {
                getViewport: ({ scale }) => page.getViewport({ scale }),
                render({ canvas, scale, pixelRatio }) {
                  const viewport = page.getViewport({ scale });
                  canvas.width = Math.floor(viewport.width * pixelRatio);
                  canvas.height = Math.floor(viewport.height * pixelRatio);
                  canvas.style.width = `${Math.floor(viewport.width)}px`;
                  canvas.style.height = `${Math.floor(viewport.height)}px`;
                  const transform = pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0];
                  const task = page.render({ canvas, viewport, transform });
                  return { promise: task.promise, cancel: () => task.cancel() };
                },
              };
            },
          })),
          destroy: () => task.destroy(),
        };
      },
    };
  });
  // A failed download (a deploy in between, the network) may be retried by opening the viewer again.
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}
