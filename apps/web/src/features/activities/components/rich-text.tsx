import type { CSSProperties } from 'react';

/** Markup that lays out its own lines; plain text (no such tags) keeps the line breaks the author typed. */
const BLOCK_MARKUP = /<(p|div|br|ul|ol|li|h[1-6]|table|blockquote|pre|hr|figure|section|article|dl)\b/i;

export interface RichTextProps {
  /** HTML the server already sanitised with the spec's allowlist when it was saved. */
  html: string;
  className?: string;
  style?: CSSProperties;
}

/** User-written rich text (page content, descriptions), stored sanitised by the server. */
export function RichText({ html, className, style }: RichTextProps) {
  return (
    <div
      className={['activity-rich-text', className].filter(Boolean).join(' ')}
      style={{
        overflowWrap: 'anywhere',
        whiteSpace: BLOCK_MARKUP.test(html) ? undefined : 'pre-wrap',
        ...style,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
