import { z } from 'zod';

/**
 * Titles and names are plain text: every client shows them as text, but a mail, an export or another
 * client might one day put them into HTML unescaped. Markup is taken out when they are written: elements
 * whose content is script or style go whole, other tags go leaving their text, comments go, and a `<` left
 * over that could still open a tag gets a space after it. Entities stay as typed (`&amp;` is text here).
 */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const RAW_TEXT_ELEMENT =
  /<(script|style|textarea|title|xmp|iframe|noscript|noembed|noframes|template|plaintext)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
const TAG_OPENER = /<(?=[a-zA-Z/!?])/g;

export function stripMarkup(text: string): string {
  let out = text;
  let previous: string;
  // Again until nothing changes: removing `<b>` from `<scr<b>ipt>` must not leave a new tag behind.
  do {
    previous = out;
    out = out.replace(COMMENT, '').replace(RAW_TEXT_ELEMENT, '').replace(TAG, '');
  } while (out !== previous);
  return out.replace(TAG_OPENER, '< ').trim();
}

/** A plain-text field: trimmed, with markup stripped before any length check runs. */
export const plainText = (message?: string) => z.string(message).trim().overwrite(stripMarkup);
