import type { Locale } from '@lectern/contracts/common/locale';
import {
  IMPORTED_SUBJECT_TYPES,
  templateLangOf,
  type ImportedSubjectType,
  type ImportFormat,
} from '@lectern/contracts/data-import/data-import.schemas';
import { AppError } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { translate } from '../../platform/messages.ts';
import { readAiken } from './aiken.reader.ts';
import { convertDocxToHtml } from './docx-to-html.converter.ts';
import { readGift } from './gift.reader.ts';
import { detectInterchangeFormat } from './interchange-format.ts';
import { readMoodleXml } from './moodle-xml.reader.ts';
import { escapeText } from './question-lines.ts';
import { parseQuestionText, type ParseResult } from './question-text.parser.ts';
import { renderQuestionText } from './question-text.writer.ts';

/**
 * The two steps of an import that need no database: a file's bytes → raw content (convert), raw content →
 * questions (identify). The service wraps them with its policy checks and uploads; the corpus test and
 * the import bench call them in-process on every file of the corpus.
 */

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type ConvertedFile = { format: ImportFormat; content: string; warnings: string[] };

export async function convertImportFile(
  name: string,
  bytes: Buffer,
  options: { locale: Locale; storeImage(image: { bytes: Buffer; contentType: string }): Promise<string> },
): Promise<ConvertedFile> {
  const { locale } = options;
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const converted = await convertDocxToHtml(bytes, { storeImage: options.storeImage, locale });
    return { format: 'docx', content: converted.html, warnings: converted.warnings };
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const format = bytes.includes(0) ? null : detectInterchangeFormat(name, text);
  if (!format) throw new AppError('unsupported_media_type', 'dataImport.formatUnsupported');
  const read =
    format === 'moodle_xml'
      ? readMoodleXml(text, { locale })
      : format === 'gift'
        ? readGift(text, { locale })
        : readAiken(text, { locale });
  // The text format carries the types of spec 000's imported question; the rest are said, not dropped silently.
  const carried = read.questions.filter((q) =>
    (IMPORTED_SUBJECT_TYPES as readonly string[]).includes(q.type),
  );
  const skipped = read.questions.length - carried.length;
  const warnings =
    skipped > 0
      ? [...read.warnings, translate(locale, 'interchange.typeNotInTextFormat', { count: skipped })]
      : read.warnings;
  if (read.questions.length === 0) warnings.push(translate(locale, 'dataImport.noImportableQuestions'));
  const content = renderQuestionText(carried, templateLangOf(locale), { knowledgeNodes: true });
  return { format, content: await storeInlineImages(content, options.storeImage), warnings };
}

const INLINE_IMAGE = /src="data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=]+)"/g;

/** Pictures a Moodle file carried inline become uploads, as a Word file's do: raw content never holds base64. */
async function storeInlineImages(
  html: string,
  storeImage: (image: { bytes: Buffer; contentType: string }) => Promise<string>,
): Promise<string> {
  const stored = new Map<string, Promise<string>>();
  for (const match of html.matchAll(INLINE_IMAGE)) {
    if (!stored.has(match[0])) {
      stored.set(
        match[0],
        storeImage({ bytes: Buffer.from(match[2] ?? '', 'base64'), contentType: match[1] ?? '' }),
      );
    }
  }
  const urls = new Map<string, string>();
  for (const [key, url] of stored) urls.set(key, await url);
  return html.replace(INLINE_IMAGE, (whole) => `src="${urls.get(whole) ?? ''}"`);
}

/** Markup of any kind, and markup that makes lines (what the raw editor and converted files produce). */
const HTML_TAG =
  /<\/?(?:p|div|br|span|table|tr|td|th|img|math|strong|b|i|em|u|s|sub|sup|li|ol|ul|h[1-6]|a)\b[^>]*>/i;
const BLOCK_TAG = /<\/?(?:p|div|br|table|tr|li|ol|ul|h[1-6])\b[^>]*>/i;

/**
 * Content whose lines are lines of text (typed or pasted text, perhaps with a little inline markup) becomes
 * one paragraph per line; text without any markup is escaped first, since sanitising it as HTML would cut
 * "if a<b then" at the "<".
 */
export function asHtml(content: string): string {
  if (BLOCK_TAG.test(content)) return content;
  const markup = HTML_TAG.test(content);
  return content
    .split(/\r?\n/)
    .map((line) => (markup ? line : escapeText(line)))
    .map((line) => `<p>${line}</p>`)
    .join('');
}

/** Raw content (as the editor sends it) → imported questions, sanitised as the server stores HTML. */
export function identifyContent(
  content: string,
  options: { locale: Locale; allowedTypes: readonly ImportedSubjectType[] },
): ParseResult {
  return parseQuestionText(sanitizeUserHtml(asHtml(content)), options);
}
