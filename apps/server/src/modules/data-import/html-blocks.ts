/**
 * HTML elements that stand as lines of their own in the question text format: each starts a new line when
 * a document is read and when one is written. Lists, tables, <br> and <hr> are handled apart by each walker.
 */
export const LINE_BLOCKS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'address',
  'center',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'li',
  'caption',
]);
