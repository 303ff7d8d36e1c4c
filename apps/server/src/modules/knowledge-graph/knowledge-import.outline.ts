import ExcelJS from 'exceljs';
import {
  treeFromOutline,
  type ImportedKnowledgeNode,
  type KnowledgeImportFileType,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { AppError } from '../../platform/errors.ts';
import { DOCUMENT_ZIP_LIMITS, inflateEntry, inspectZip } from '../../platform/files/safe-zip.ts';
import { WORD_NAMESPACES, attributeValue, namespacePrefix } from '../data-import/docx-xml.ts';

type OutlineLine = { level: number; name: string };

const fileInvalid = () => new AppError('validation_failed', 'knowledgeImport.fileInvalid');

/** A header row of an outline sheet ("Level 1", "一级知识点", "Knowledge point"…) is not a node. */
const HEADER_CELL =
  /^(level\s*\d+|knowledge\s*(point|node)s?|[一二三四五六七八九十]+[级級](知识点|知識點)?|(知识点|知識點)(名称|名稱)?)$/i;

/**
 * Opens an Office file only after its central directory has passed the document limits: the libraries
 * that read it inflate whole parts into memory, so a zip bomb must be refused first (platform/files/safe-zip.ts).
 */
async function checkedEntries(bytes: Buffer) {
  return inspectZip(bytes, DOCUMENT_ZIP_LIMITS).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'payload_too_large') throw error;
    throw fileInvalid();
  });
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value && value.result !== undefined && value.result !== null) return String(value.result);
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return '';
  }
  return String(value);
}

/** Column n is level n+1; a row's node is its last filled cell, empty cells before it repeat the row above. */
export async function readExcelOutline(bytes: Buffer): Promise<OutlineLine[]> {
  await checkedEntries(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileInvalid();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const lines: OutlineLine[] = [];
  let path: string[] = [];
  let first = true;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value).replace(/\s+/g, ' ').trim();
    });
    const filled = cells.map((c) => (c ?? '') !== '');
    const last = filled.lastIndexOf(true);
    if (last === -1) return;
    if (first) {
      first = false;
      if (cells.every((c) => (c ?? '') === '' || HEADER_CELL.test(c ?? ''))) return;
    }
    const next = path.slice(0, last + 1);
    for (let i = 0; i <= last; i += 1) {
      const cell = cells[i] ?? '';
      if (cell !== '') next[i] = cell;
    }
    // Every named level of the row is a line; the tree merges the ones repeated from the rows above.
    for (let i = 0; i <= last; i += 1) {
      const name = next[i];
      if (name) lines.push({ level: i + 1, name });
    }
    path = next;
  });
  return lines;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** Style id → outline level (0-based) from styles.xml: an outlineLvl, or a "heading N" name. */
function headingLevels(stylesXml: string, w: string): Map<string, number> {
  const levels = new Map<string, number>();
  const styleRe = new RegExp(`<${w}:style\\b[^>]*>[\\s\\S]*?</${w}:style>`, 'g');
  for (const [style] of stylesXml.matchAll(styleRe)) {
    const id = attributeValue(style.slice(0, style.indexOf('>') + 1), `${w}:styleId`);
    if (!id) continue;
    const outline = new RegExp(`<${w}:outlineLvl\\b[^>]*${w}:val="(\\d)"`).exec(style);
    const name = new RegExp(`<${w}:name\\b[^>]*${w}:val="([^"]*)"`).exec(style)?.[1] ?? '';
    const byName = /^heading\s*(\d)$/i.exec(name) ?? /^(?:标题|標題)\s*(\d)$/.exec(name);
    if (outline?.[1] !== undefined && Number(outline[1]) < 9) levels.set(id, Number(outline[1]));
    else if (byName?.[1]) levels.set(id, Number(byName[1]) - 1);
  }
  return levels;
}

/**
 * The outline of a Word file: paragraphs with a heading style (or an outline level) give their level,
 * list paragraphs their list level; without either, leading numbers ("1.", "1.2", "1.2.3") do. Body
 * text under the headings is left out.
 */
export async function readWordOutline(bytes: Buffer): Promise<OutlineLine[]> {
  const entries = await checkedEntries(bytes);
  const entry = (name: string) => entries.find((e) => e.name === name);
  const documentEntry = entry('word/document.xml');
  if (!documentEntry) throw fileInvalid();
  const documentXml = (await inflateEntry(bytes, documentEntry, DOCUMENT_ZIP_LIMITS)).toString('utf8');
  const stylesEntry = entry('word/styles.xml');
  const stylesXml = stylesEntry
    ? (await inflateEntry(bytes, stylesEntry, DOCUMENT_ZIP_LIMITS)).toString('utf8')
    : '';
  const w = namespacePrefix(documentXml, WORD_NAMESPACES, 'w');
  const levels = headingLevels(stylesXml, namespacePrefix(stylesXml, WORD_NAMESPACES, 'w'));
  const styled: OutlineLine[] = [];
  const numbered: OutlineLine[] = [];
  const paragraphRe = new RegExp(`<${w}:p\\b[^>]*?(?:/>|>([\\s\\S]*?)</${w}:p>)`, 'g');
  const textRe = new RegExp(`<${w}:t\\b[^>]*>([^<]*)</${w}:t>`, 'g');
  for (const match of documentXml.matchAll(paragraphRe)) {
    const body = match[1] ?? '';
    const text = decodeXml([...body.matchAll(textRe)].map((t) => t[1] ?? '').join(''))
      .replace(/\s+/g, ' ')
      .trim();
    if (text === '') continue;
    const styleId = new RegExp(`<${w}:pStyle\\b[^>]*${w}:val="([^"]*)"`).exec(body)?.[1];
    const outline = new RegExp(`<${w}:outlineLvl\\b[^>]*${w}:val="(\\d)"`).exec(body)?.[1];
    const listLevel = new RegExp(`<${w}:numPr>[\\s\\S]*?<${w}:ilvl\\b[^>]*${w}:val="(\\d)"`).exec(body)?.[1];
    const hasList = new RegExp(`<${w}:numPr>`).test(body);
    const level =
      outline !== undefined && Number(outline) < 9
        ? Number(outline)
        : styleId !== undefined && levels.has(styleId)
          ? levels.get(styleId)
          : hasList
            ? Number(listLevel ?? 0)
            : undefined;
    if (level !== undefined) styled.push({ level: level + 1, name: text });
    const leading =
      /^(\d+(?:[.．]\d+)*)[.．、)]?\s+(.+)$/.exec(text) ?? /^(\d+(?:[.．]\d+)*)[.．、)]\s*(.+)$/.exec(text);
    if (leading?.[1] && leading[2]) {
      numbered.push({ level: leading[1].split(/[.．]/).length, name: leading[2] });
    }
  }
  return styled.length > 0 ? styled : numbered;
}

/** The tree of an uploaded outline of the given type. */
export async function parseOutline(
  type: KnowledgeImportFileType,
  bytes: Buffer,
): Promise<ImportedKnowledgeNode[]> {
  const lines = type === 'excel' ? await readExcelOutline(bytes) : await readWordOutline(bytes);
  return treeFromOutline(lines);
}

/** Whether the bytes are a zip at all (both outline types are): anything else is refused before parsing. */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
}
