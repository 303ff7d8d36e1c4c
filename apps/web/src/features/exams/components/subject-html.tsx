import type { CSSProperties } from 'react';

/** Markup that lays out its own lines; plain text keeps the line breaks the author typed. */
const BLOCK_MARKUP = /<(p|div|br|ul|ol|li|h[1-6]|table|blockquote|pre|hr|figure|section|article|dl)\b/i;

export interface SubjectHtmlProps {
  /** Question text, option content or an answer, sanitised by the server with the spec's allowlist when saved. */
  html: string;
  /** Inline content (an option next to its letter) is not a block of its own. */
  inline?: boolean;
  style?: CSSProperties;
}

/**
 * Question text, options and answers as the server stored them: sanitised with the spec's allowlist on
 * save, so it is rendered as markup (formulas, images, tables) rather than escaped.
 */
export function SubjectHtml({ html, inline = false, style }: SubjectHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className="exam-subject-html"
      style={{
        overflowWrap: 'anywhere',
        whiteSpace: BLOCK_MARKUP.test(html) ? undefined : 'pre-wrap',
        ...style,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The visible text of stored markup, for places that take plain text (select options, labels). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
