/**
 * The annotation editor's pure rules: what the address asks to open, and the toolbar's state machine.
 * Kept apart from pdf.js so they run (and are tested) without a canvas.
 */

export type PdfSourceKind = 'pdf' | 'image';

/** What `/pdf/editor` was asked to open (spec 000 section 2) and where a saved result goes. */
export type PdfEditorQuery = {
  /** Same-origin address of the bytes to open, or null when the address names nothing openable. */
  sourceUrl: string | null;
  kind: PdfSourceKind;
  /** The original's name, for the page title and the saved copy's name. */
  fileName: string;
  /** The view's rotation to start with: 0, 90, 180 or 270. */
  rotation: number;
  uploadId: number | null;
  /** The homework submission the marked copy belongs to; without it the editor only previews. */
  submissionId: number | null;
  activityId: number | null;
  /** A marked attachment being annotated again: saving points its reference at the new copy. */
  referenceId: number | null;
};

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];

function positiveId(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Any angle to the nearest quarter turn in 0–270; rubbish counts as no rotation. */
export function normalizeRotation(angle: number): number {
  if (!Number.isFinite(angle)) return 0;
  const quarter = Math.round(angle / 90) * 90;
  return ((quarter % 360) + 360) % 360;
}

function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
}

/**
 * `fileType` may be a word (`pdf`, `image`, `img`), an extension or a MIME type; when it says nothing
 * known the file name's extension decides, and an image address alone means an image.
 */
export function sourceKind(fileType: string | null, fileName: string, hasImageUrl: boolean): PdfSourceKind {
  const type = (fileType ?? '').trim().toLowerCase();
  if (type === 'pdf' || type === 'application/pdf') return 'pdf';
  if (type === 'image' || type === 'img' || type.startsWith('image/') || IMAGE_EXTENSIONS.includes(type)) {
    return 'image';
  }
  const extension = extensionOf(fileName);
  if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  return hasImageUrl && !type ? 'image' : 'pdf';
}

/**
 * Only addresses on this site are opened: the editor fetches with the user's session, so a link must
 * not make it fetch (and re-upload as the marker's own file) something from elsewhere.
 */
export function sameOriginUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || !['http:', 'https:'].includes(url.protocol)) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

export function parsePdfEditorQuery(search: URLSearchParams, origin: string): PdfEditorQuery {
  const uploadId = positiveId(search.get('uploadId'));
  const imgUrl = search.get('imgURL');
  const fileName = search.get('fileName')?.trim() ?? '';
  const kind = sourceKind(search.get('fileType'), fileName, Boolean(imgUrl));
  const candidates =
    kind === 'image'
      ? [imgUrl, search.get('file'), search.get('attachmentUrl')]
      : [search.get('file'), search.get('attachmentUrl'), imgUrl];
  // The upload's own address last: a PDF (or an Office file rendered to PDF) through preview.
  if (uploadId !== null) {
    candidates.push(kind === 'image' ? `/api/uploads/${uploadId}/blob` : `/api/uploads/${uploadId}/preview`);
  }
  const sourceUrl = candidates.map((raw) => sameOriginUrl(raw, origin)).find((url) => url !== null) ?? null;
  return {
    sourceUrl,
    kind,
    fileName,
    rotation: normalizeRotation(Number(search.get('rotatedAngle') ?? 0)),
    uploadId,
    submissionId: positiveId(search.get('submission_id')),
    activityId: positiveId(search.get('activity_id')),
    referenceId: positiveId(search.get('reference_id')),
  };
}

/** The saved copy's name: the original's stem with a suffix, always `.pdf` since the result is a PDF. */
export function markedFileName(original: string, suffix: string): string {
  const base = original.trim() || 'document';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem}${suffix}.pdf`;
}

// The toolbar's state machine.

export const PDF_TOOLS = ['none', 'ink', 'highlight', 'text', 'stamp'] as const;
export type PdfTool = (typeof PDF_TOOLS)[number];

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const INK_THICKNESS = { min: 1, max: 20 } as const;
export const TEXT_SIZE = { min: 8, max: 72 } as const;

export type PdfEditorState = {
  /** Opened in preview (view only); edit is entered explicitly. */
  mode: 'preview' | 'edit';
  tool: PdfTool;
  ink: { color: string; thickness: number };
  text: { color: string; size: number };
  highlight: { color: string };
  rotation: number;
  /** The rotation the last saved copy (or the original) has: rotating away from it is a change. */
  savedRotation: number;
  /** The zoom pdf.js reports (1 = 100 %). */
  scale: number;
  page: number;
  pageCount: number;
  canUndo: boolean;
  canRedo: boolean;
  /** Annotations added, changed or removed since opening or the last save. */
  annotationsChanged: boolean;
  saving: boolean;
};

export type PdfEditorAction =
  | { type: 'loaded'; pageCount: number }
  | { type: 'edit' }
  | { type: 'tool'; tool: PdfTool }
  | { type: 'ink'; color?: string; thickness?: number }
  | { type: 'text'; color?: string; size?: number }
  | { type: 'highlight'; color: string }
  | { type: 'rotate'; by: 90 | -90 }
  | { type: 'scaled'; scale: number }
  | { type: 'paged'; page: number }
  | { type: 'history'; canUndo: boolean; canRedo: boolean }
  | { type: 'annotationsChanged' }
  | { type: 'saveStarted' }
  | { type: 'saveFinished'; saved: boolean };

export function initialEditorState(rotation: number): PdfEditorState {
  return {
    mode: 'preview',
    tool: 'none',
    ink: { color: '#e53935', thickness: 3 },
    text: { color: '#e53935', size: 16 },
    highlight: { color: '#FFFF98' },
    rotation,
    savedRotation: rotation,
    scale: 1,
    page: 1,
    pageCount: 0,
    canUndo: false,
    canRedo: false,
    annotationsChanged: false,
    saving: false,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function pdfEditorReducer(state: PdfEditorState, action: PdfEditorAction): PdfEditorState {
  switch (action.type) {
    case 'loaded':
      return { ...state, pageCount: action.pageCount, page: clamp(state.page, 1, action.pageCount || 1) };
    case 'edit':
      return state.pageCount > 0 ? { ...state, mode: 'edit' } : state;
    case 'tool':
      // Tools draw on the document: in preview, and while a save is under way, nothing may change it.
      if (state.mode !== 'edit' || state.saving) return state;
      return { ...state, tool: action.tool };
    case 'ink':
      return {
        ...state,
        ink: {
          color: action.color ?? state.ink.color,
          thickness: clamp(action.thickness ?? state.ink.thickness, INK_THICKNESS.min, INK_THICKNESS.max),
        },
      };
    case 'text':
      return {
        ...state,
        text: {
          color: action.color ?? state.text.color,
          size: clamp(action.size ?? state.text.size, TEXT_SIZE.min, TEXT_SIZE.max),
        },
      };
    case 'highlight':
      return { ...state, highlight: { color: action.color } };
    case 'rotate':
      if (state.saving) return state;
      return { ...state, rotation: normalizeRotation(state.rotation + action.by) };
    case 'scaled':
      return { ...state, scale: action.scale };
    case 'paged':
      return { ...state, page: clamp(action.page, 1, state.pageCount || 1) };
    case 'history':
      return { ...state, canUndo: action.canUndo, canRedo: action.canRedo };
    case 'annotationsChanged':
      // Only a save that worked makes the annotations saved.
      return { ...state, annotationsChanged: true };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saveFinished':
      return action.saved
        ? { ...state, saving: false, annotationsChanged: false, savedRotation: state.rotation }
        : { ...state, saving: false };
  }
}

/** Something on screen that the saved copy (or the original) does not have yet. */
export function hasUnsavedChanges(state: PdfEditorState): boolean {
  return state.mode === 'edit' && (state.annotationsChanged || state.rotation !== state.savedRotation);
}

export function canSave(state: PdfEditorState): boolean {
  return hasUnsavedChanges(state) && !state.saving;
}

/** The next zoom step in a direction from the current zoom; pdf.js's fit-to-width zoom lies between steps. */
export function nextZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.001) ?? ZOOM_STEPS[6];
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.001) ?? ZOOM_STEPS[0];
}
