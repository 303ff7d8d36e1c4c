import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { BLANK_MARK, BLANK_PATTERN } from '@lectern/contracts/data-import/question-format';
import { escapeXml } from './docx-xml.ts';
import { LINE_BLOCKS } from './html-blocks.ts';

/**
 * Raw import content (HTML from the Word converter or the browser's editor, or plain text) as the lines
 * the question text format is written in (docs/data-import-format.md): one line per paragraph, list item,
 * heading or <br>-separated run; a table whole as one line. A text line keeps its inline formatting so
 * every part of a question can be cut out of it with its bold, pictures and equations intact.
 */

/** A formatting element around text (<strong>, <sub>, <a href>…), shared by every run it wraps. */
type Mark = { readonly open: string; readonly close: string };

/** A run of text under the same marks, or an atom (a picture, an equation) that is never cut. */
type Segment = { readonly text: string; readonly marks: readonly Mark[]; readonly atom?: string };

/** What a picture counts as in a line's plain text, so offsets stay aligned and "is there content" works. */
export const OBJECT_CHAR = '\uFFFC';

export class TextLine {
  readonly kind = 'text';
  /** Plain text with full-width forms folded to half-width, same length as `text` (offsets align). */
  readonly norm: string;

  constructor(
    private readonly segments: readonly Segment[],
    /** Plain text as written (entities decoded; a picture is OBJECT_CHAR, an equation its text). */
    readonly text: string,
  ) {
    this.norm = normalizeWidth(text);
  }

  /**
   * The inline HTML of the plain-text range [start, end), trimmed at both edges. Formatting that
   * wrapped only the cut-off text (a bold question number) disappears with it; nothing is left empty.
   * With `blanks`, every run of three or more underscores becomes exactly BLANK_MARK (`____`).
   */
  html(start = 0, end = this.text.length, options: { blanks?: boolean } = {}): string {
    let from = start;
    let to = end;
    while (from < to && isSpace(this.text.charCodeAt(from))) from += 1;
    while (to > from && isSpace(this.text.charCodeAt(to - 1))) to -= 1;
    if (from >= to) return '';
    const out: string[] = [];
    let open: readonly Mark[] = [];
    let offset = 0;
    for (const segment of this.segments) {
      const segStart = offset;
      offset += segment.text.length;
      if (offset <= from) continue;
      if (segStart >= to) break;
      let piece: string;
      if (segment.atom !== undefined) {
        // An atom belongs to the range its first character is in; it is never cut.
        if (segStart < from) continue;
        piece = segment.atom;
      } else {
        const text = segment.text.slice(
          Math.max(0, from - segStart),
          Math.min(segment.text.length, to - segStart),
        );
        if (text === '') continue;
        piece = escapeText(options.blanks ? text.replace(BLANK_PATTERN, BLANK_MARK) : text);
      }
      open = switchMarks(out, open, segment.marks);
      out.push(piece);
    }
    switchMarks(out, open, []);
    return out.join('');
  }
}

export type TableLine = { readonly kind: 'table'; readonly html: string; readonly text: string };
export type ContentLine = TextLine | TableLine;

/** Closes the marks not shared with the next run and opens its new ones; returns the new open list. */
function switchMarks(out: string[], open: readonly Mark[], next: readonly Mark[]): readonly Mark[] {
  let common = 0;
  while (common < open.length && common < next.length && open[common] === next[common]) common += 1;
  for (const mark of open.slice(common).reverse()) out.push(mark.close);
  for (const mark of next.slice(common)) out.push(mark.open);
  return next;
}

/** Whitespace for trimming parts: ASCII, no-break and ideographic spaces (as String#trim sees them). */
export function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x3000 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f
  );
}

/**
 * Folds full-width ASCII forms (`１．` `Ａ：` `（`) to half-width and every space to a plain space,
 * one character for one so offsets into the original text stay valid.
 */
export function normalizeWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000\u00A0\u2000-\u200B\u202F\u205F\uFEFF]/g, (c) => {
    const code = c.charCodeAt(0);
    return code >= 0xff01 && code <= 0xff5e ? String.fromCharCode(code - 0xfee0) : ' ';
  });
}

/** Text escaping as the server's sanitiser writes it (attributes: escapeXml), so sanitising our output changes nothing. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const VOID_TAGS = new Set([
  'img',
  'br',
  'hr',
  'area',
  'base',
  'basefont',
  'input',
  'link',
  'meta',
  'col',
  'wbr',
]);

function openTag(el: Element): string {
  let attributes = '';
  for (const [name, value] of Object.entries(el.attribs)) attributes += ` ${name}="${escapeXml(value)}"`;
  return VOID_TAGS.has(el.name) ? `<${el.name}${attributes} />` : `<${el.name}${attributes}>`;
}

/** Outer HTML of a picture, equation or table, written the way the sanitiser writes it. */
function serialize(node: ChildNode, out: string[]): void {
  if (node.type === 'text') {
    out.push(escapeText(node.data));
    return;
  }
  if (node.type !== 'tag') return;
  out.push(openTag(node));
  if (VOID_TAGS.has(node.name)) return;
  for (const child of node.children) serialize(child, out);
  out.push(`</${node.name}>`);
}

function outerHtml(node: Element): string {
  const out: string[] = [];
  serialize(node, out);
  return out.join('');
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if (node.type !== 'tag') return '';
  let text = '';
  for (const child of node.children) text += textOf(child);
  return text;
}

/** Elements that make lines. Tables are handled apart; <br> and <hr> only break. */
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  ...LINE_BLOCKS,
  'ul',
  'ol',
  // Table parts outside a <table> (pasted fragments) still break lines.
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
]);
/** Wrappers that carry nothing once sanitised (the editor's bare <span>s), dropped for stable output. */
const TRANSPARENT_TAGS = new Set(['span', 'font']);
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'head', 'title', 'colgroup', 'col']);

/** Accumulates the runs of the line being read and hands finished lines to `lines`. */
class LineCollector {
  readonly lines: ContentLine[] = [];
  private segments: Segment[] = [];
  private text = '';
  private hasContent = false;
  private marks: readonly Mark[] = [];
  private readonly blockStarts: number[] = [];
  private preDepth = 0;

  addText(raw: string): void {
    if (this.preDepth > 0) {
      const parts = raw.split(/\r\n|\r|\n/);
      parts.forEach((part, i) => {
        if (i > 0) this.breakLine();
        this.pushText(part);
      });
      return;
    }
    let text = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (text.startsWith(' ') && (this.text === '' || this.text.endsWith(' '))) text = text.slice(1);
    this.pushText(text);
  }

  private pushText(text: string): void {
    if (text === '') return;
    const last = this.segments[this.segments.length - 1];
    if (last && last.atom === undefined && last.marks === this.marks) {
      this.segments[this.segments.length - 1] = { text: last.text + text, marks: this.marks };
    } else {
      this.segments.push({ text, marks: this.marks });
    }
    this.text += text;
    if (!this.hasContent && text.trim() !== '') this.hasContent = true;
  }

  addAtom(html: string, text: string): void {
    this.segments.push({ text, marks: this.marks, atom: html });
    this.text += text;
    this.hasContent = true;
  }

  pushMark(mark: Mark): void {
    this.marks = [...this.marks, mark];
  }

  popMark(): void {
    this.marks = this.marks.slice(0, -1);
  }

  enterPre(): void {
    this.preDepth += 1;
  }

  leavePre(): void {
    this.preDepth -= 1;
  }

  /** A <br>: the line ends here, even when empty (two <br> in a row make an empty line). */
  breakLine(): void {
    this.emit();
  }

  startBlock(): void {
    if (this.hasContent) this.emit();
    else this.reset();
    this.blockStarts.push(this.lines.length);
  }

  /** A block ends its line; a block that made no line at all (`<p></p>`) is an empty line. */
  endBlock(): void {
    const start = this.blockStarts.pop() ?? -1;
    if (this.hasContent || this.lines.length === start) this.emit();
    else this.reset();
  }

  addTable(html: string, text: string): void {
    if (this.hasContent) this.emit();
    else this.reset();
    this.lines.push({ kind: 'table', html, text: text.replace(/\s+/g, ' ').trim() });
  }

  finish(): ContentLine[] {
    if (this.hasContent) this.emit();
    return this.lines;
  }

  private emit(): void {
    this.lines.push(new TextLine(this.segments, this.text));
    this.reset();
  }

  private reset(): void {
    this.segments = [];
    this.text = '';
    this.hasContent = false;
  }
}

function walk(nodes: readonly ChildNode[], out: LineCollector): void {
  for (const node of nodes) {
    if (node.type === 'text') out.addText(node.data);
    else if (node.type === 'tag') readElement(node, out);
  }
}

function readElement(el: Element, out: LineCollector): void {
  const name = el.name;
  if (name === 'br') {
    out.breakLine();
  } else if (name === 'table') {
    out.addTable(outerHtml(el), textOf(el));
  } else if (name === 'img') {
    out.addAtom(outerHtml(el), OBJECT_CHAR);
  } else if (name === 'math') {
    // An equation reads as its text (x=2 as a blank's answer) but is never cut.
    const text = textOf(el).replace(/\s+/g, ' ').trim();
    out.addAtom(outerHtml(el), text === '' ? OBJECT_CHAR : text);
  } else if (name === 'hr') {
    out.startBlock();
    out.endBlock();
  } else if (BLOCK_TAGS.has(name)) {
    out.startBlock();
    if (name === 'pre') out.enterPre();
    walk(el.children, out);
    if (name === 'pre') out.leavePre();
    out.endBlock();
  } else if (TRANSPARENT_TAGS.has(name) && Object.keys(el.attribs).length === 0) {
    walk(el.children, out);
  } else if (!SKIPPED_TAGS.has(name)) {
    out.pushMark({ open: openTag(el), close: `</${el.name}>` });
    walk(el.children, out);
    out.popMark();
  }
}

const TAG_PATTERN = /<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/;

/**
 * Raw content as lines. Content with no tags at all is plain text (pasted, or a .txt): one line per
 * newline. Its entities are still decoded, because the server's sanitiser has already escaped it
 * (`a &lt; b`); a bare `<` stays text.
 */
export function contentToLines(content: string): ContentLine[] {
  const html = TAG_PATTERN.test(content)
    ? content
    : content
        .replace(/^\uFEFF/, '')
        .replace(/</g, '&lt;')
        .replace(/\r\n|\r|\n/g, '<br>');
  const collector = new LineCollector();
  walk(parseDocument(html).children, collector);
  return collector.finish();
}
