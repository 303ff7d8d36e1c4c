import type { CSSProperties } from 'react';

export interface SubjectHtmlProps {
  /** Question text or option content, sanitised by the server with the spec's allowlist when saved. */
  html: string;
  style?: CSSProperties;
  /** Inline content (an option next to its letter) is not a block of its own. */
  inline?: boolean;
}

/** Author-written question HTML, stored sanitised; plain text keeps the line breaks it was typed with. */
export function SubjectHtml({ html, style, inline }: SubjectHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className="exam-subject-html"
      style={{
        overflowWrap: 'anywhere',
        whiteSpace: /<(p|div|br|ul|ol|li|table|pre|h[1-6])\b/i.test(html) ? undefined : 'pre-wrap',
        ...style,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
