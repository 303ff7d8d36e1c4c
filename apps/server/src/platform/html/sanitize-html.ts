import sanitize from 'sanitize-html';

/**
 * The spec's allowlist for HTML written by users (spec 001 section 5): common block, inline and table
 * tags; on links only href, name and target; on images only src, srcset, alt, title, width, height and
 * loading. Everything else — scripts, styles, event handlers, javascript: URLs — is removed.
 */
const BLOCK_TAGS = [
  'p',
  'div',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'section',
  'article',
];
const INLINE_TAGS = [
  'a',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'kbd',
  'abbr',
  'q',
  'cite',
  'img',
];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, ...TABLE_TAGS],
  allowedAttributes: {
    a: ['href', 'name', 'target'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pasted screenshots arrive as data: images; they cannot run script.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeUserHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
