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

/**
 * Tags that sanitize-html writes back exactly as a rich-text editor sends them when they carry no
 * attributes. Paragraphs are kept apart from the inline ones: the parser closes an open paragraph when
 * another one starts, which the fast path would not reproduce.
 */
const PLAIN_INLINE_TAGS = new Set(['strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'code', 'span']);
// NUL is left to the parser, whatever it makes of it.
// eslint-disable-next-line no-control-regex
const PLAIN_TOKEN = /<(\/?)([a-z]+)>|[^<>&\u0000]+/gy;

/**
 * True when `html` is text (no `<`, `>`, `&` or NUL) in attribute-free paragraphs and inline tags of the
 * sets above, each closed in order, no paragraph inside another: what sanitize-html returns unchanged
 * (`sanitize-html.test.ts` checks that on generated input). A student's short answers arrive like this
 * several times a minute during an exam, and sanitize-html parses each from scratch (issue 12's storm:
 * a tenth of the server's JavaScript time).
 */
function isPlainMarkup(html: string): boolean {
  const open: string[] = [];
  let inParagraph = false;
  PLAIN_TOKEN.lastIndex = 0;
  let at = 0;
  while (at < html.length) {
    const match = PLAIN_TOKEN.exec(html);
    if (!match) return false;
    at = PLAIN_TOKEN.lastIndex;
    const tag = match[2];
    if (tag === undefined) continue;
    if (match[1] === '/') {
      if (open.pop() !== tag) return false;
      if (tag === 'p') inParagraph = false;
    } else if (tag === 'p') {
      if (inParagraph) return false;
      inParagraph = true;
      open.push(tag);
    } else if (PLAIN_INLINE_TAGS.has(tag)) {
      open.push(tag);
    } else {
      return false;
    }
  }
  return open.length === 0;
}

/** sanitize-html alone, without the fast path: the reference its tests compare against. */
export function sanitizeUserHtmlByParser(html: string): string {
  return sanitize(html, OPTIONS);
}

export function sanitizeUserHtml(html: string): string {
  if (isPlainMarkup(html)) return html;
  return sanitize(html, OPTIONS);
}
