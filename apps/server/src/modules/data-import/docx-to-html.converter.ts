import { createHash, randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import sharp from 'sharp';
import mammoth from 'mammoth';
import { AppError } from '../../platform/errors.ts';
import { DOCUMENT_ZIP_LIMITS, repackZipStored } from '../../platform/files/safe-zip.ts';
import { materializeListNumbers, readNumberingDefinitions } from './docx-numbering.ts';
import {
  MATH_NAMESPACES,
  WORD_NAMESPACES,
  attributeValue,
  escapeRegExp,
  namespacePrefix,
} from './docx-xml.ts';
import { ommlToMathml } from './omml-to-mathml.ts';
import { escapeText } from './question-lines.ts';
import type { Locale } from '@lectern/contracts/common/locale';
import { templateLangOf } from '@lectern/contracts/data-import/data-import.schemas';
import { FORMAT_VOCABULARY } from '@lectern/contracts/data-import/question-format';
import type { MessageParams } from '@lectern/contracts/common/messages';
import { translate, type MessageKey } from '../../platform/messages.ts';

export type DocxConversionOptions = {
  /** Keeps one picture of the document and returns the URL its `<img src>` points at. */
  storeImage(image: { bytes: Buffer; contentType: string }): Promise<string>;
  /** The language of the warnings (English by default). */
  locale?: Locale;
};

export type DocxConversion = { html: string; warnings: string[] };

/**
 * A Word document as HTML for the question parser: one `<p>` per paragraph (headings included: a question
 * typed in a heading style is still a line), list numbers written into the text as Word shows them,
 * tables, bold/italic/underline/strike and sub/superscript kept, pictures stored through
 * `storeImage`, equations as MathML `<math>` where they stood.
 */
export async function convertDocxToHtml(
  bytes: Buffer,
  options: DocxConversionOptions,
): Promise<DocxConversion> {
  // Everything below (JSZip here, mammoth later) reads this copy: inflated once, under the limits.
  const packed = await unpackSafely(bytes);
  const zip = await openZip(packed);
  const parts = await locateParts(zip);
  const original = await readPart(zip, parts.document);
  if (original === null || !WORD_NAMESPACES.some((namespace) => original.includes(namespace))) {
    throw new AppError('unsupported_media_type', 'dataImport.notDocx');
  }

  const equations: string[] = [];
  const marker = `LECTERNMATH${randomBytes(6).toString('hex')}`;
  let documentXml = unwrapSimpleFields(replaceEquations(original, marker, equations));
  const numberingXml = await readPart(zip, parts.numbering);
  const numbering = numberingXml
    ? readNumberingDefinitions(numberingXml, await readPart(zip, parts.styles))
    : null;
  if (numbering) documentXml = materializeListNumbers(documentXml, numbering);

  let input = packed;
  if (documentXml !== original) {
    zip.file(parts.document, documentXml);
    // mammoth unzips again: stored entries cost it nothing to read, and us nothing to deflate.
    input = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  }

  const images = imageStore(options);
  let converted: { value: string; messages: { type: string; message: string }[] };
  try {
    converted = await mammoth.convertToHtml(
      { buffer: input },
      {
        styleMap: STYLE_MAP,
        includeDefaultStyleMap: false,
        includeEmbeddedStyleMap: false,
        convertImage: mammoth.images.imgElement(async (image) => ({
          src: await images.store(await image.readAsBuffer(), image.contentType),
        })),
      },
    );
  } catch {
    throw new AppError('validation_failed', 'dataImport.docxUnreadable');
  }
  // mammoth turns a failed conversion of one picture into a message; a failure to store is ours to report.
  if (images.failure) throw images.failure.error;

  const locale = options.locale ?? 'en-US';
  const html = converted.value
    .replace(new RegExp(`${marker}_(\\d+)_`, 'g'), (_, index: string) => equations[Number(index)] ?? '')
    // Bookmarks arrive as empty anchors: nothing for a question.
    .replace(/<a id="[^"]*"><\/a>/g, '');
  return {
    html: notePicturesNotShown(html, images.notShown, locale),
    warnings: teacherWarnings(converted.messages, locale),
  };
}

const LIST_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * Numbered lists are already text when mammoth sees them; bulleted lists stay lists, flat (each item is
 * a line). Every paragraph style, headings and titles included, is a plain paragraph.
 */
const STYLE_MAP = [
  ...LIST_LEVELS.map((level) => `p:unordered-list(${level}) => ul > li:fresh`),
  ...LIST_LEVELS.map((level) => `p:ordered-list(${level}) => ol > li:fresh`),
  'p => p:fresh',
  "r[style-name='Strong'] => strong",
  'b => strong',
  'i => em',
  'u => u',
  'strike => s',
  'comment-reference => !',
];

async function unpackSafely(bytes: Buffer): Promise<Buffer> {
  // Every zip starts with a local file header "PK\x03\x04"; anything else (a .doc, a PDF) is not a .docx.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new AppError('unsupported_media_type', 'dataImport.notDocx');
  }
  try {
    return await repackZipStored(bytes, DOCUMENT_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw error;
    throw new AppError('validation_failed', 'dataImport.docxUnreadable');
  }
}

async function openZip(bytes: Buffer): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(bytes);
  } catch {
    throw new AppError('validation_failed', 'dataImport.docxUnreadable');
  }
}

async function readPart(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path);
  if (!file) return null;
  try {
    return await file.async('string');
  } catch {
    throw new AppError('validation_failed', 'dataImport.docxUnreadable');
  }
}

type Parts = { document: string; numbering: string; styles: string };

/** The parts mammoth will read, found the way it finds them: by relationship, else at Word's usual path. */
async function locateParts(zip: JSZip): Promise<Parts> {
  const document = relationshipTarget(
    zip,
    await readPart(zip, '_rels/.rels'),
    '',
    'officeDocument',
    'word/document.xml',
  );
  const slash = document.lastIndexOf('/');
  const folder = slash === -1 ? '' : document.slice(0, slash);
  const relationships = await readPart(
    zip,
    `${folder ? `${folder}/` : ''}_rels/${document.slice(slash + 1)}.rels`,
  );
  return {
    document,
    numbering: relationshipTarget(zip, relationships, folder, 'numbering', 'word/numbering.xml'),
    styles: relationshipTarget(zip, relationships, folder, 'styles', 'word/styles.xml'),
  };
}

function relationshipTarget(
  zip: JSZip,
  relationships: string | null,
  folder: string,
  type: string,
  fallback: string,
): string {
  for (const [tag] of (relationships ?? '').matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const target = attributeValue(tag, 'Target');
    if (!target || !attributeValue(tag, 'Type')?.endsWith(`/${type}`)) continue;
    const path = (target.startsWith('/') ? target : `${folder ? `${folder}/` : ''}${target}`).replace(
      /^\/+/,
      '',
    );
    if (zip.file(path)) return path;
  }
  return fallback;
}

/**
 * Takes every equation out of document.xml, leaving a text marker mammoth passes through, and keeps its
 * MathML to put back in the HTML. mammoth itself drops equations.
 */
function replaceEquations(documentXml: string, marker: string, equations: string[]): string {
  const m = namespacePrefix(documentXml, MATH_NAMESPACES, 'm');
  const w = namespacePrefix(documentXml, WORD_NAMESPACES, 'w');
  const starts = new RegExp(`<${escapeRegExp(m)}:oMath(Para)?(?=[\\s>/])[^>]*?(/?)>`, 'g');
  const pieces: string[] = [];
  let copied = 0;
  for (let match = starts.exec(documentXml); match; match = starts.exec(documentXml)) {
    const close = `</${m}:oMath${match[1] ?? ''}>`;
    const closeAt = match[2] ? -1 : documentXml.indexOf(close, starts.lastIndex);
    const end = closeAt === -1 ? starts.lastIndex : closeAt + close.length;
    pieces.push(documentXml.slice(copied, match.index));
    if (closeAt !== -1) {
      equations.push(ommlToMathml(documentXml.slice(match.index, end)));
      pieces.push(`<${w}:r><${w}:t>${marker}_${equations.length - 1}_</${w}:t></${w}:r>`);
    }
    copied = end;
    starts.lastIndex = end;
  }
  if (copied === 0) return documentXml;
  pieces.push(documentXml.slice(copied));
  return pieces.join('');
}

/**
 * A simple field (w:fldSimple: a page number, a SEQ number, a date) holds the runs Word shows as its
 * result; mammoth would drop them with the field, so the field markup goes and its result stays.
 */
function unwrapSimpleFields(documentXml: string): string {
  if (!documentXml.includes('fldSimple')) return documentXml;
  const w = escapeRegExp(namespacePrefix(documentXml, WORD_NAMESPACES, 'w'));
  return documentXml.replace(new RegExp(`<${w}:fldSimple(?=[\\s>/])[^>]*>|</${w}:fldSimple>`, 'g'), '');
}

/** Pictures browsers cannot be relied on to show (webp, pasted from web pages; TIFF) become PNG. */
const CONVERTED_TO_PNG = new Set(['image/webp', 'image/tiff']);

async function browserImage(
  bytes: Buffer,
  contentType: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!CONVERTED_TO_PNG.has(contentType)) return { bytes, contentType };
  try {
    return { bytes: await sharp(bytes).png().toBuffer(), contentType: 'image/png' };
  } catch {
    // Unreadable: kept as it is, and the conversion's warning names its type.
    return { bytes, contentType };
  }
}

/** The picture types mammoth (and browsers) show; others are stored, and noted on their question. */
const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml']);

/** Stores each distinct picture once, however often the document shows it. */
function imageStore(options: DocxConversionOptions) {
  const stored = new Map<string, Promise<string>>();
  const state: {
    failure: { error: unknown } | null;
    /** URL → type of the stored pictures a browser cannot show. */
    notShown: Map<string, string>;
    store(bytes: Buffer, contentType: string): Promise<string>;
  } = {
    failure: null,
    notShown: new Map(),
    store(bytes, contentType) {
      const key = createHash('sha1').update(bytes).digest('hex');
      let url = stored.get(key);
      if (!url) {
        url = browserImage(bytes, contentType || 'application/octet-stream').then(async (image) => {
          const location = await options.storeImage(image);
          if (!SHOWN_IMAGE_TYPES.has(image.contentType)) state.notShown.set(location, image.contentType);
          return location;
        });
        url.catch((error: unknown) => {
          state.failure ??= { error };
        });
        stored.set(key, url);
      }
      return url;
    },
  };
  return state;
}

const LINE_END = /<\/(?:p|li|h[1-6])>/g;

/**
 * A picture the browser cannot show (a WMF equation of an old MathType, a BMP) is a loss of the question
 * it is in: an import-note line right after its paragraph (after its table, for a picture in a table) puts
 * the warning on that question's preview card. A picture before the first question is said as text
 * outside the questions.
 */
function notePicturesNotShown(html: string, notShown: ReadonlyMap<string, string>, locale: Locale): string {
  if (notShown.size === 0) return html;
  const lang = templateLangOf(locale);
  const label = `${FORMAT_VOCABULARY[lang].notes[0] ?? ''}${lang === 'en-us' ? ': ' : '：'}`;
  const inserts = new Map<number, string[]>();
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/g)) {
    const type = notShown.get(match[1] ?? '');
    if (type === undefined) continue;
    const at = lineEndAfter(html, match.index);
    const key = /wmf|emf/i.test(type) ? 'dataImport.docx.legacyPicture' : 'dataImport.docx.pictureNotShown';
    const note = `<p>${escapeText(label + translate(locale, key, { type }))}</p>`;
    const notes = inserts.get(at) ?? [];
    if (!notes.includes(note)) notes.push(note);
    inserts.set(at, notes);
  }
  let out = '';
  let from = 0;
  for (const at of [...inserts.keys()].sort((a, b) => a - b)) {
    out += html.slice(from, at) + (inserts.get(at) ?? []).join('');
    from = at;
  }
  return out + html.slice(from);
}

/** Where the line holding position `at` ends: after its enclosing table, else after its paragraph. */
function lineEndAfter(html: string, at: number): number {
  const before = html.slice(0, at);
  let depth = (before.match(/<table\b/g) ?? []).length - (before.match(/<\/table>/g) ?? []).length;
  if (depth > 0) {
    const tags = /<table\b|<\/table>/g;
    tags.lastIndex = at;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</table>' ? -1 : 1;
      if (depth === 0) return tag.index + tag[0].length;
    }
    return html.length;
  }
  LINE_END.lastIndex = at;
  const end = LINE_END.exec(html);
  return end ? end.index + end[0].length : html.length;
}

/** Elements that only mark a place (permissions, custom XML ranges): nothing of them is missing. */
const CONTENTLESS_MARKERS = /:(?:permStart|permEnd|\w+Range(?:Start|End))$/;

/** mammoth's messages a teacher can act on, in words, once each. */
function teacherWarnings(messages: { type: string; message: string }[], locale: Locale): string[] {
  const warnings = new Set<string>();
  const say = (key: MessageKey, params?: MessageParams) => warnings.add(translate(locale, key, params));
  for (const { type, message } of messages) {
    if (type === 'error') {
      // mammoth reports a picture it could not read (a linked, not embedded, file) as an error.
      say('dataImport.docx.pictureUnreadable');
      continue;
    }
    const element = /^An unrecognised element was ignored: (.+)$/.exec(message)?.[1];
    if (element) {
      if (CONTENTLESS_MARKERS.test(element)) continue;
      say('dataImport.docx.contentUnreadable', { element });
      continue;
    }
    // A picture a browser cannot show is noted on its question (notePicturesNotShown), not on the file.
    if (/^Image of type (.+) is unlikely to display in web browsers$/.test(message)) continue;
    if (message.startsWith('Could not find image file')) {
      say('dataImport.docx.pictureMissing');
      continue;
    }
    const symbol =
      /^A w:sym element with an unsupported character was ignored: char (\S+) in font (.+)$/.exec(message);
    if (symbol) {
      say('dataImport.docx.symbolUnreadable', { font: symbol[2] });
    }
  }
  return [...warnings];
}
