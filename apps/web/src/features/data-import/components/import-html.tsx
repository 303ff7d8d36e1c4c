import type { CSSProperties } from 'react';

/** Markup that lays out its own lines; plain text keeps the line breaks the author typed. */
const BLOCK_MARKUP = /<(p|div|br|ul|ol|li|h[1-6]|table|blockquote|pre|hr|figure|section|article|dl)\b/i;

export interface ImportHtmlProps {
  /** Part of an identified question: the server sanitised it with the spec's allowlist before sending it. */
  html: string;
  /** Inline content (an option next to its letter) is not a block of its own. */
  inline?: boolean;
  style?: CSSProperties;
}

/** A stem, option, answer or explanation of an identified question, rendered as markup (formulas, images, tables). */
export function ImportHtml({ html, inline = false, style }: ImportHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className="data-import-html"
      style={{
        overflowWrap: 'anywhere',
        whiteSpace: BLOCK_MARKUP.test(html) ? undefined : 'pre-wrap',
        ...style,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
