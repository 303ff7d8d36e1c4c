import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type ParagraphChild,
} from 'docx';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { mathElementToDocx } from './mathml-to-docx.ts';
import { LINE_BLOCKS } from './html-blocks.ts';

export type DocxImage = {
  data: Buffer;
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  /** Natural size in pixels. */
  width: number;
  height: number;
};

export type HtmlToDocxOptions = {
  /** The document's title property (File → Info in Word); nothing is added to the text. */
  title?: string;
  /** The bytes of a picture by its `src`, or null when it cannot be had (the text then says "[image]"). */
  loadImage(src: string): Promise<DocxImage | null>;
};

/** 15 cm at Word's 96 pixels to the inch: wide pictures are scaled down to fit the page. */
const MAX_IMAGE_WIDTH_PX = Math.round((15 / 2.54) * 96);
/** Text width of an A4 page with Word's default margins, in twips. */
const TEXT_WIDTH_TWIPS = 9026;
const IMAGE_LOAD_CONCURRENCY = 6;
const ORDERED_LIST = 'lectern-ordered-list';
const HEADINGS = {
  h1: HeadingLevel.HEADING_1,
  h2: HeadingLevel.HEADING_2,
  h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4,
  h5: HeadingLevel.HEADING_5,
  h6: HeadingLevel.HEADING_6,
} as const;
const IGNORED = new Set(['script', 'style', 'head', 'title', 'template', 'colgroup', 'col']);
const LINK_SCHEMES = /^(https?:|mailto:)/i;

type Format = {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  subScript?: boolean;
  superScript?: boolean;
  code?: boolean;
  link?: string;
};
const FORMAT_TAGS: Record<string, Format> = {
  b: { bold: true },
  strong: { bold: true },
  i: { italics: true },
  em: { italics: true },
  cite: { italics: true },
  u: { underline: true },
  ins: { underline: true },
  s: { strike: true },
  strike: { strike: true },
  del: { strike: true },
  sub: { subScript: true },
  sup: { superScript: true },
  code: { code: true },
  kbd: { code: true },
};

type Item =
  | { kind: 'text'; text: string; format: Format }
  | { kind: 'break'; format: Format }
  | { kind: 'child'; child: ParagraphChild; format: Format };

type ParagraphProps =
  | { heading: (typeof HEADINGS)[keyof typeof HEADINGS] }
  | { bullet: { level: number } }
  | { numbering: { reference: string; level: number; instance: number } };

type Context = { images: Map<string, DocxImage | null>; listInstances: number };

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '000000' };

function sameFormat(a: Format, b: Format): boolean {
  return (
    a.bold === b.bold &&
    a.italics === b.italics &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.subScript === b.subScript &&
    a.superScript === b.superScript &&
    a.code === b.code &&
    a.link === b.link
  );
}

function textRun(text: string, format: Format, lineBreak = false): TextRun {
  return new TextRun({
    ...(lineBreak ? { break: 1 } : { text }),
    ...(format.bold ? { bold: true } : {}),
    ...(format.italics ? { italics: true } : {}),
    ...(format.underline ? { underline: {} } : {}),
    ...(format.strike ? { strike: true } : {}),
    ...(format.subScript ? { subScript: true } : {}),
    ...(format.superScript ? { superScript: true } : {}),
    ...(format.code ? { font: 'Consolas' } : {}),
    ...(format.link ? { style: 'Hyperlink' } : {}),
  });
}

function pixels(value: string | undefined): number | null {
  if (!value || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)) return null;
  const n = Number.parseFloat(value);
  return n > 0 ? n : null;
}

/** The size a picture is shown at: its width/height attributes or natural size, at most 15 cm wide. */
function displaySize(image: DocxImage, el: Element): { width: number; height: number } {
  const ratio = image.width > 0 && image.height > 0 ? image.height / image.width : 1;
  const attrWidth = pixels(el.attribs.width);
  const attrHeight = pixels(el.attribs.height);
  let width = attrWidth ?? (attrHeight !== null ? attrHeight / ratio : image.width || 1);
  let height = attrHeight ?? width * ratio;
  if (width > MAX_IMAGE_WIDTH_PX) {
    height = (height * MAX_IMAGE_WIDTH_PX) / width;
    width = MAX_IMAGE_WIDTH_PX;
  }
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * Turns HTML into Word blocks: one paragraph per paragraph, list item or other block; tables as bordered
 * Word tables; inline formatting as run properties.
 */
class BlockBuilder {
  readonly blocks: (Paragraph | Table)[] = [];
  private items: Item[] = [];
  private contentful = false;
  private pending: ParagraphProps | null = null;
  private listDepth = 0;

  constructor(
    private readonly ctx: Context,
    private format: Format = {},
  ) {}

  walk(nodes: readonly AnyNode[]): void {
    for (const node of nodes) {
      if (isText(node)) this.text(node.data);
      else if (isTag(node)) this.element(node);
    }
  }

  flush(): void {
    if (this.contentful) {
      this.blocks.push(new Paragraph({ children: this.runs(), ...(this.pending ?? {}) }));
      this.pending = null;
    }
    this.items = [];
    this.contentful = false;
  }

  private text(data: string): void {
    let text = data.replace(/[\t\n\r\f ]+/g, ' ');
    if (!this.contentful) text = text.trimStart();
    if (text === '') return;
    this.items.push({ kind: 'text', text, format: this.format });
    this.contentful = true;
  }

  private child(child: ParagraphChild): void {
    this.items.push({ kind: 'child', child, format: this.format });
    this.contentful = true;
  }

  private element(el: Element): void {
    const name = el.name;
    if (IGNORED.has(name)) return;
    if (name === 'br') {
      if (this.contentful) this.items.push({ kind: 'break', format: this.format });
    } else if (name === 'hr') this.flush();
    else if (name === 'img') this.image(el);
    else if (name === 'math') this.child(mathElementToDocx(el));
    else if (name === 'table') {
      this.flush();
      const table = this.table(el);
      if (table) this.blocks.push(table);
    } else if (name === 'ul' || name === 'ol') this.list(el);
    else if (name in HEADINGS) this.block(el, { heading: HEADINGS[name as keyof typeof HEADINGS] });
    else if (LINE_BLOCKS.has(name)) this.block(el, null);
    else this.inline(el);
  }

  private block(el: Element, props: ParagraphProps | null): void {
    this.flush();
    if (props) this.pending = props;
    this.walk(el.children);
    this.flush();
    if (props) this.pending = null;
  }

  private inline(el: Element): void {
    const saved = this.format;
    const href = el.name === 'a' ? el.attribs.href : undefined;
    this.format = {
      ...saved,
      ...FORMAT_TAGS[el.name],
      ...(href && LINK_SCHEMES.test(href) ? { link: href } : {}),
    };
    this.walk(el.children);
    this.format = saved;
  }

  private image(el: Element): void {
    const src = el.attribs.src ?? '';
    const image = this.ctx.images.get(src);
    if (!image) {
      this.items.push({ kind: 'text', text: '[image]', format: this.format });
      this.contentful = true;
      return;
    }
    const alt = el.attribs.alt?.trim();
    this.child(
      new ImageRun({
        type: image.type,
        data: image.data,
        transformation: displaySize(image, el),
        ...(alt ? { altText: { description: alt, title: alt } } : {}),
      }),
    );
  }

  private list(el: Element): void {
    this.flush();
    const ordered = el.name === 'ol';
    const level = Math.min(this.listDepth, 8);
    const instance = ++this.ctx.listInstances;
    this.listDepth += 1;
    for (const child of el.children) {
      if (isTag(child) && child.name === 'li') {
        this.flush();
        this.pending = ordered
          ? { numbering: { reference: ORDERED_LIST, level, instance } }
          : { bullet: { level } };
        this.walk(child.children);
        this.flush();
        this.pending = null;
      } else {
        this.walk([child]);
      }
    }
    this.flush();
    this.listDepth -= 1;
  }

  private table(el: Element): Table | null {
    const rows = rowsOf(el);
    const caption = el.children.find((c): c is Element => isTag(c) && c.name === 'caption');
    if (caption) this.block(caption, null);
    // Leading rows of header cells repeat on each page in Word and read back as <th>.
    let heading = true;
    const tableRows = rows.map((row) => {
      const cells = cellsOf(row);
      heading = heading && cells.length > 0 && cells.every((cell) => cell.name === 'th');
      return new TableRow({
        children: cells.map((cell) => this.cell(cell)),
        ...(heading ? { tableHeader: true } : {}),
      });
    });
    const columns = Math.max(0, ...rows.map((row) => columnCount(row)));
    if (columns === 0) return null;
    const width = Math.floor(TEXT_WIDTH_TWIPS / columns);
    return new Table({
      rows: tableRows,
      width: { size: width * columns, type: WidthType.DXA },
      columnWidths: Array.from({ length: columns }, () => width),
      borders: {
        top: BORDER,
        bottom: BORDER,
        left: BORDER,
        right: BORDER,
        insideHorizontal: BORDER,
        insideVertical: BORDER,
      },
    });
  }

  private cell(cell: Element): TableCell {
    const inner = new BlockBuilder(this.ctx, cell.name === 'th' ? { bold: true } : {});
    inner.walk(cell.children);
    inner.flush();
    const columnSpan = spanOf(cell.attribs.colspan);
    const rowSpan = spanOf(cell.attribs.rowspan);
    return new TableCell({
      // Word cannot open a cell without a paragraph.
      children: inner.blocks.length > 0 ? inner.blocks : [new Paragraph({})],
      ...(columnSpan > 1 ? { columnSpan } : {}),
      ...(rowSpan > 1 ? { rowSpan } : {}),
    });
  }

  /** The paragraph's runs: trailing spaces and breaks dropped, equal neighbours merged, links grouped. */
  private runs(): ParagraphChild[] {
    const items = [...this.items];
    while (items.at(-1)?.kind === 'break') items.pop();
    const last = items.at(-1);
    if (last?.kind === 'text') items[items.length - 1] = { ...last, text: last.text.trimEnd() };
    const merged: Item[] = [];
    for (const item of items) {
      const previous = merged.at(-1);
      if (item.kind === 'text' && previous?.kind === 'text' && sameFormat(previous.format, item.format)) {
        merged[merged.length - 1] = { ...previous, text: previous.text + item.text };
      } else if (item.kind !== 'text' || item.text !== '') {
        merged.push(item);
      }
    }
    const out: ParagraphChild[] = [];
    let link: { href: string; children: ParagraphChild[] } | null = null;
    for (const item of merged) {
      const run =
        item.kind === 'text'
          ? textRun(item.text, item.format)
          : item.kind === 'break'
            ? textRun('', item.format, true)
            : item.child;
      const href = item.format.link;
      if (href && link?.href === href) {
        link.children.push(run);
        continue;
      }
      if (link) out.push(new ExternalHyperlink({ link: link.href, children: link.children }));
      link = href ? { href, children: [run] } : null;
      if (!href) out.push(run);
    }
    if (link) out.push(new ExternalHyperlink({ link: link.href, children: link.children }));
    return out;
  }
}

function spanOf(value: string | undefined): number {
  const n = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, 63) : 1;
}

/** A table's rows, inside thead/tbody/tfoot or not, leaving nested tables to their own cells. */
function rowsOf(table: Element): Element[] {
  return table.children.flatMap((child) => {
    if (!isTag(child)) return [];
    if (child.name === 'tr') return [child];
    if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      return child.children.filter((c): c is Element => isTag(c) && c.name === 'tr');
    }
    return [];
  });
}

function cellsOf(row: Element): Element[] {
  return row.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th'));
}

function columnCount(row: Element): number {
  return cellsOf(row).reduce((sum, cell) => sum + spanOf(cell.attribs.colspan), 0);
}

/** Loads every distinct picture once, a few at a time. */
async function loadImages(
  sources: string[],
  loadImage: HtmlToDocxOptions['loadImage'],
): Promise<Map<string, DocxImage | null>> {
  const distinct = [...new Set(sources)];
  const images = new Map<string, DocxImage | null>();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < distinct.length) {
      const src = distinct[next] as string;
      next += 1;
      images.set(src, await loadImage(src));
    }
  }
  await Promise.all(Array.from({ length: Math.min(IMAGE_LOAD_CONCURRENCY, distinct.length) }, worker));
  return images;
}

function orderedLevels(): ILevelsOptions[] {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: `%${level + 1}.`,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

/**
 * HTML (question text as the text writer writes it, or stored question HTML) → a .docx file: paragraphs,
 * bold/italic/underline/strike/sub/superscript, line breaks, links, pictures, bordered tables, lists and
 * MathML equations as real Word equations.
 */
export async function htmlToDocx(html: string, options: HtmlToDocxOptions): Promise<Buffer> {
  const dom = parseDocument(html);
  const sources = findAll((el) => el.name === 'img' && Boolean(el.attribs.src), dom.children).map(
    (el) => el.attribs.src as string,
  );
  const ctx: Context = { images: await loadImages(sources, options.loadImage), listInstances: 0 };
  const builder = new BlockBuilder(ctx);
  builder.walk(dom.children);
  builder.flush();
  const document = new Document({
    ...(options.title ? { title: options.title } : {}),
    creator: 'Lectern',
    numbering: { config: [{ reference: ORDERED_LIST, levels: orderedLevels() }] },
    sections: [{ children: builder.blocks.length > 0 ? builder.blocks : [new Paragraph({})] }],
  });
  return Packer.toBuffer(document);
}
