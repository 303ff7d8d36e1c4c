/** Page navigation of the PDF viewer, kept apart from rendering so it can be tested without a canvas. */

/** A page number within the document: whole, at least 1, at most the page count. */
export function clampPage(page: number, pageCount: number): number {
  if (pageCount < 1) return 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(pageCount, Math.max(1, Math.trunc(page)));
}

/** What the page box holds once committed: digits become a page in range, anything else is ignored. */
export function parsePageInput(text: string, pageCount: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  return clampPage(Number(trimmed), pageCount);
}

/** The page a navigation key leads to, or null for keys the viewer leaves alone. */
export function pageForKey(key: string, page: number, pageCount: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return clampPage(page + 1, pageCount);
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return clampPage(page - 1, pageCount);
    case 'Home':
      return 1;
    case 'End':
      return clampPage(pageCount, pageCount);
    default:
      return null;
  }
}

const MIN_SCALE = 0.25;
const MAX_SCALE = 4;

/** The zoom at which a page fills the available width (before the layout is measured: 1). */
export function fitWidthScale(availableWidth: number, pageWidthAtScaleOne: number): number {
  if (!(availableWidth > 0) || !(pageWidthAtScaleOne > 0)) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, availableWidth / pageWidthAtScaleOne));
}
