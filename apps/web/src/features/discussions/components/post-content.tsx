/** Markup that lays out its own lines; plain text keeps the line breaks the author typed. */
const BLOCK_MARKUP = /<(p|div|br|ul|ol|li|h[1-6]|table|blockquote|pre)\b/i;

/** A post's body: HTML the server sanitised with the spec's allowlist before storing it. */
export function PostContent({ html }: { html: string }) {
  return (
    <div
      className="discussion-post-content"
      style={{ overflowWrap: 'anywhere', whiteSpace: BLOCK_MARKUP.test(html) ? undefined : 'pre-wrap' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
