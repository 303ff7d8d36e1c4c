import type { PdfSourceKind, PdfTool } from './pdf-editor.rules.ts';

/**
 * The part of pdf.js's viewer the annotation editor drives, behind a narrow interface: pdf.js (viewer,
 * editor layer, worker, stylesheet) is downloaded when the editor opens, and component tests stand in
 * for it, since jsdom cannot render pages.
 */
export type PdfEditorEvents = {
  onPage(page: number): void;
  onScale(scale: number): void;
  onHistory(state: { canUndo: boolean; canRedo: boolean }): void;
  /** An annotation was added, changed or removed. */
  onAnnotationsChanged(): void;
  /** pdf.js switched tool itself (e.g. double-clicking a text box while drawing). */
  onTool(tool: PdfTool): void;
};

export type StampSpec = { text: string; color: string };

export type PdfEditorSession = {
  pageCount: number;
  setTool(tool: PdfTool): Promise<void>;
  setInk(params: { color: string; thickness: number }): void;
  setText(params: { color: string; size: number }): void;
  setHighlight(color: string): void;
  /** Places a stamp (words drawn as a picture) in the middle of the current page; 'picture' asks for a file. */
  addStamp(stamp: StampSpec | 'picture'): Promise<void>;
  setRotation(rotation: number): void;
  /** A zoom factor, or fit to the container's width. */
  setScale(scale: number | 'page-width'): void;
  goToPage(page: number): void;
  undo(): void;
  redo(): void;
  /** The document as a new PDF: its annotations embedded, its pages turned by `rotation`. */
  save(rotation: number): Promise<Uint8Array>;
  destroy(): void;
};

export type OpenPdfEditorParams = {
  /** Absolutely positioned scrolling box, with the `.pdfViewer` element as its first child. */
  container: HTMLDivElement;
  viewer: HTMLDivElement;
  url: string;
  kind: PdfSourceKind;
  rotation: number;
  events: PdfEditorEvents;
  /** Aborted when the page no longer wants this document (it closed, or asked for another). */
  signal: AbortSignal;
  /** The UI language, for pdf.js's own words (its editors' labels and placeholders). */
  locale: string;
};

export type OpenPdfEditor = (params: OpenPdfEditorParams) => Promise<PdfEditorSession>;

/** An HTTP failure while fetching the original, with its status for the page's message. */
export class SourceFetchError extends Error {
  constructor(readonly status: number) {
    super(`the original answered ${status}`);
  }
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new SourceFetchError(response.status);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * pdf.js's legacy build, as the reader in uploads uses (docs/decisions/0005); the viewer component reads
 * the library from `globalThis.pdfjsLib`, so it is imported after it.
 */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const [viewer] = await Promise.all([
    import('pdfjs-dist/legacy/web/pdf_viewer.mjs'),
    import('pdfjs-dist/legacy/web/pdf_viewer.css'),
    import('./pdf-editor.css'),
  ]);
  return { pdfjs, viewer };
}

/**
 * pdf.js stamps are pictures: a preset is drawn on a transparent canvas at a resolution that stays sharp
 * when zoomed. ✓ and ✗ are drawn as strokes (no font has to have them); words are set in a frame, like a
 * rubber stamp.
 */
async function stampImage({ text, color }: StampSpec): Promise<File> {
  const canvas = window.document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas to draw the stamp');
  const mark = (points: [number, number][][], size: number) => {
    canvas.width = size;
    canvas.height = size;
    context.strokeStyle = color;
    context.lineWidth = size * 0.12;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    for (const line of points) {
      context.beginPath();
      for (const [index, [x, y]] of line.entries()) {
        if (index === 0) context.moveTo(x * size, y * size);
        else context.lineTo(x * size, y * size);
      }
      context.stroke();
    }
  };
  if (text === '✓') {
    mark(
      [
        [
          [0.14, 0.55],
          [0.4, 0.8],
          [0.86, 0.2],
        ],
      ],
      160,
    );
  } else if (text === '✗') {
    mark(
      [
        [
          [0.2, 0.2],
          [0.8, 0.8],
        ],
        [
          [0.8, 0.2],
          [0.2, 0.8],
        ],
      ],
      160,
    );
  } else {
    const fontSize = 96;
    const font = `bold ${fontSize}px system-ui, "PingFang SC", "Microsoft YaHei", sans-serif`;
    context.font = font;
    const padding = fontSize * 0.4;
    canvas.width = Math.ceil(context.measureText(text).width + padding * 2);
    canvas.height = Math.ceil(fontSize * 1.3 + padding);
    context.font = font;
    context.fillStyle = color;
    context.strokeStyle = color;
    context.lineWidth = 8;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.strokeRect(4, 4, canvas.width - 8, canvas.height - 8);
    context.fillText(text, canvas.width / 2, canvas.height / 2);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the stamp could not be drawn');
  return new File([blob], 'stamp.png', { type: 'image/png' });
}

const L10N_LINK_ID = 'lectern-pdfjs-l10n';

/**
 * pdf.js finds translations of its own words through a `<link type="application/l10n">` naming one
 * Fluent file per language (apps/web/public/pdfjs/l10n, served as they are).
 */
function announcePdfjsMessages(): void {
  if (document.getElementById(L10N_LINK_ID)) return;
  const link = document.createElement('link');
  link.id = L10N_LINK_ID;
  link.type = 'application/l10n';
  link.href = '/pdfjs/l10n/l10n.json';
  document.head.append(link);
}

type UiManager = {
  undo(): void;
  redo(): void;
  commitOrRemove(): void;
  unselectAll(): void;
};

export const openPdfEditor: OpenPdfEditor = async ({
  container,
  viewer,
  url,
  kind,
  rotation,
  events,
  signal,
  locale,
}) => {
  const [{ pdfjs, viewer: components }, original] = await Promise.all([loadPdfjs(), fetchBytes(url)]);
  const { imageToPdf, rotatePdf } = await import('./pdf-editor-bytes.ts');
  const data = kind === 'image' ? await imageToPdf(original) : original;
  const { AnnotationEditorType, AnnotationEditorParamsType } = pdfjs;

  const task = pdfjs.getDocument({
    data,
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
  });
  const document = await task.promise;
  // Two viewers must never share the container: one no longer wanted stops before it draws anything.
  if (signal.aborted) {
    void task.destroy().catch(() => undefined);
    throw new DOMException('The editor was closed while opening.', 'AbortError');
  }

  const abort = new AbortController();
  announcePdfjsMessages();
  const l10n = new components.GenericL10n(locale);
  const eventBus = new components.EventBus();
  const linkService = new components.PDFLinkService({ eventBus });
  const options: ConstructorParameters<typeof components.PDFViewer>[0] & { abortSignal: AbortSignal } = {
    container,
    viewer,
    eventBus,
    linkService,
    l10n,
    // Not in pdf.js's declarations, but it stops the viewer's observers and listeners on destroy.
    abortSignal: abort.signal,
    annotationEditorMode: AnnotationEditorType.NONE,
    annotationEditorHighlightColors: 'yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F',
  };
  const pdfViewer = new components.PDFViewer(options);
  // The viewer translates its container itself only with its own (English) words.
  void l10n.translate(container);
  linkService.setViewer(pdfViewer);

  let uiManager: UiManager | null = null;
  const toMode: Record<PdfTool, number> = {
    none: AnnotationEditorType.NONE,
    ink: AnnotationEditorType.INK,
    highlight: AnnotationEditorType.HIGHLIGHT,
    text: AnnotationEditorType.FREETEXT,
    stamp: AnnotationEditorType.STAMP,
  };
  const toTool = (mode: number): PdfTool | undefined =>
    (Object.keys(toMode) as PdfTool[]).find((tool) => toMode[tool] === mode);

  eventBus.on('annotationeditoruimanager', ({ uiManager: manager }: { uiManager: UiManager }) => {
    uiManager = manager;
  });
  eventBus.on('pagesinit', () => {
    pdfViewer.currentScaleValue = 'page-width';
    pdfViewer.pagesRotation = rotation;
  });
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => events.onPage(pageNumber));
  eventBus.on('scalechanging', ({ scale }: { scale: number }) => events.onScale(scale));
  eventBus.on(
    'editingstateschanged',
    ({ details }: { details: { hasSomethingToUndo?: boolean; hasSomethingToRedo?: boolean } }) =>
      events.onHistory({
        canUndo: details.hasSomethingToUndo === true,
        canRedo: details.hasSomethingToRedo === true,
      }),
  );
  // The editor layer asks for another tool when the user works on an annotation of another kind.
  eventBus.on('switchannotationeditormode', (request: { mode: number }) => {
    pdfViewer.annotationEditorMode = request;
    const tool = toTool(request.mode);
    if (tool) events.onTool(tool);
  });

  const storage = document.annotationStorage;
  // Typed as null in pdf.js's declarations, but it is the storage's change callback. Its reset callback
  // is left alone: pdf.js resets after every save attempt, even one whose upload then fails.
  (storage as unknown as { onSetModified: () => void }).onSetModified = () => events.onAnnotationsChanged();

  pdfViewer.setDocument(document);
  linkService.setDocument(document, null);

  // Fitted to the width, the page follows the window (and the container) as it resizes.
  const resize = new ResizeObserver(() => {
    if (pdfViewer.currentScaleValue === 'page-width') pdfViewer.currentScaleValue = 'page-width';
  });
  resize.observe(container);

  const modeChanged = (mode: number) =>
    new Promise<void>((resolve) => {
      // The getter answers the mode number; the declarations only know the setter's object.
      if ((pdfViewer.annotationEditorMode as unknown as number) === mode) {
        resolve();
        return;
      }
      const listener = (event: { mode: number }) => {
        if (event.mode !== mode) return;
        eventBus.off('annotationeditormodechanged', listener);
        resolve();
      };
      eventBus.on('annotationeditormodechanged', listener);
    });

  const setParam = (type: number, value: unknown) =>
    eventBus.dispatch('switchannotationeditorparams', { source: null, type, value });

  const setTool = async (tool: PdfTool) => {
    const mode = toMode[tool];
    const changed = modeChanged(mode);
    pdfViewer.annotationEditorMode = { mode };
    await changed;
  };

  return {
    pageCount: document.numPages,
    setTool,
    setInk({ color, thickness }) {
      setParam(AnnotationEditorParamsType.INK_COLOR, color);
      setParam(AnnotationEditorParamsType.INK_THICKNESS, thickness);
    },
    setText({ color, size }) {
      setParam(AnnotationEditorParamsType.FREETEXT_COLOR, color);
      setParam(AnnotationEditorParamsType.FREETEXT_SIZE, size);
    },
    setHighlight(color) {
      setParam(AnnotationEditorParamsType.HIGHLIGHT_COLOR, color);
    },
    async addStamp(stamp) {
      const bitmapFile = stamp === 'picture' ? null : await stampImage(stamp);
      await setTool('stamp');
      setParam(AnnotationEditorParamsType.CREATE, bitmapFile ? { bitmapFile } : null);
    },
    setRotation(next) {
      pdfViewer.pagesRotation = next;
    },
    setScale(scale) {
      if (scale === 'page-width') pdfViewer.currentScaleValue = 'page-width';
      else pdfViewer.currentScale = scale;
    },
    goToPage(page) {
      pdfViewer.currentPageNumber = page;
    },
    undo() {
      uiManager?.undo();
    },
    redo() {
      uiManager?.redo();
    },
    async save(turn) {
      // A text box being typed in or a pen stroke under way counts as written, as when leaving the tool.
      uiManager?.commitOrRemove();
      uiManager?.unselectAll();
      const saved = storage.size > 0 ? await document.saveDocument() : await document.getData();
      return rotatePdf(saved, turn);
    },
    destroy() {
      resize.disconnect();
      abort.abort();
      pdfViewer.cleanup();
      void task.destroy().catch(() => undefined);
    },
  };
};
