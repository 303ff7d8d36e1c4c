/**
 * True when stored rich text shows nothing: no words, no picture, formula or table. Lets "required" rules
 * treat an editor left with only empty paragraphs as empty.
 */
export function isBlankRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|video|audio|iframe|table|math)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}
