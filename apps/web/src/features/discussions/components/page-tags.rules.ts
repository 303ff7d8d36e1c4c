/** Room the page-tag row keeps for its previous/next buttons and padding (spec 001 section 2). */
export const PAGE_TAG_RESERVED_WIDTH = 112;
/** Width one page tag takes, gap included. */
export const PAGE_TAG_WIDTH = 90;

/**
 * How many page tags fit in a panel of the given width: (width - 112) / 90, rounded down. At least one
 * shows even in a panel too narrow for it, so the row never disappears while the panel is being resized.
 */
export function pageTagCount(panelWidth: number): number {
  if (!Number.isFinite(panelWidth)) return 1;
  return Math.max(1, Math.floor((panelWidth - PAGE_TAG_RESERVED_WIDTH) / PAGE_TAG_WIDTH));
}

/**
 * The first page of the row of `count` tags that holds `page`. Rows are aligned (1.., 1+count.., …), so
 * previous/next move by whole rows and the row does not shift under the reader as they turn pages.
 */
export function pageTagRowStart(page: number, count: number): number {
  const size = Math.max(1, Math.floor(count));
  const current = Math.max(1, Math.floor(page));
  return Math.floor((current - 1) / size) * size + 1;
}
