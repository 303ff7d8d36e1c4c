import { useRef, type CSSProperties } from 'react';
import { useRenderedMath } from './rich-text/use-rendered-math.ts';

/** Markup that lays out its own lines; plain text keeps the line breaks the author typed. */
const BLOCK_MARKUP = /<(p|div|br|ul|ol|li|h[1-6]|table|blockquote|pre|hr|figure|section|article|dl)\b/i;

export interface RenderedHtmlProps {
  /**
   * Markup the server sanitised with the spec's allowlist: question text, options and answers as stored
   * or as an import identified them, an activity's page content or description.
   */
  html: string;
  /** Inline content (an option next to its letter) is not a block of its own. */
  inline?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * User-written rich text as the server sanitised it, rendered as markup (formulas, images, tables) rather
 * than escaped.
 */
export function RenderedHtml({ html, inline = false, className, style }: RenderedHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  // One ref for either tag: the element is a div or a span, never both.
  const ref = useRef<HTMLDivElement & HTMLSpanElement>(null);
  useRenderedMath(ref, html);
  return (
    <Tag
      ref={ref}
      className={['rendered-html', className].filter(Boolean).join(' ')}
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
