import sanitize from 'sanitize-html';

/**
 * The spec's allowlist for HTML written by users (spec 001 section 5): common block, inline and table
 * tags; on links only href, name and target; on images only src, srcset, alt, title, width, height and
 * loading; MathML presentation markup (equations imported from Word and other formats, or written as
 * LaTeX in the editor, which keeps the source in an annotation) with its layout attributes only. Everything else — scripts, styles, event handlers, javascript: URLs, MathML links and
 * actions — is removed.
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
  // The editor's vocabulary term (decision 0011).
  'dfn',
  'q',
  'cite',
  'img',
];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const MATH_TAGS = [
  'math',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
  'semantics',
  'annotation',
];
// Layout only: no href (MathML allows links on any element), no xlink, no style, no event handlers.
const MATH_ATTRIBUTES = [
  'display',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'accent',
  'accentunder',
  'linethickness',
  'columnalign',
  'rowalign',
  'notation',
  'lspace',
  'rspace',
  'width',
  'height',
  'depth',
  'form',
  'largeop',
  'movablelimits',
  'symmetric',
  'minsize',
  'maxsize',
  'scriptlevel',
  'displaystyle',
];

/**
 * A link opening a new tab must not hand that page `window.opener` (it could navigate ours to a look-alike
 * sign-in page) nor our address as referrer.
 */
function linksOpenSafely(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const { rel: _sent, ...rest } = attribs;
  return { tagName, attribs: rest.target ? { ...rest, rel: 'noopener noreferrer' } : rest };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, ...TABLE_TAGS, ...MATH_TAGS],
  allowedAttributes: {
    // rel is only ever the one linksOpenSafely writes; a rel the user sent is dropped there.
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    ...Object.fromEntries(MATH_TAGS.map((tag) => [tag, MATH_ATTRIBUTES])),
    // Marks the LaTeX source the editor keeps beside each formula, so it is not confused with other
    // annotations (StarMath from LibreOffice, plain text). That one value only: nothing else to weigh.
    annotation: [...MATH_ATTRIBUTES, { name: 'encoding', multiple: false, values: ['application/x-tex'] }],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pasted screenshots arrive as data: images; they cannot run script.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Removed with their content: raw-text elements (sanitize-html's own list), and annotation-xml, whose
  // content the browser parses as HTML inside an equation.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'annotation-xml'],
  // MathML writers close empty elements as <mprescripts/>, <none/>, <mspace/>; read as open tags they would
  // swallow the rest of the equation.
  parser: { recognizeSelfClosing: true },
  transformTags: { a: linksOpenSafely },
};

export function sanitizeUserHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
