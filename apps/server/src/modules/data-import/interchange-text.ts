import { BLANK_MARK, BLANK_PATTERN } from '@lectern/contracts/data-import/question-format';
import { roundPoints } from '../exams/subject-input.ts';
import { escapeXml as escapeHtml } from './docx-xml.ts';

/**
 * Text helpers shared by the Moodle XML, GIFT and Aiken readers: those formats carry text as HTML, as
 * plain text or as Moodle's "auto format", and the question model wants HTML everywhere but in blank
 * answers, which are plain text.
 */
export type TextFormat = 'html' | 'plain' | 'markdown' | 'moodle';

/** HTML text and attribute escaping: the same characters as XML's. */
export { escapeHtml };

function newlinesToBreaks(html: string): string {
  return html.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
}

/** Something that reads as an HTML tag or entity, which Moodle's auto format lets through. */
const TAG_OR_ENTITY =
  /<\/?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?\/?>|&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g;

/**
 * Moodle's auto format is text in which a teacher may also write tags (`<b>`), and a lone `<` or `&` is
 * just a character: keep what looks like markup, escape the rest, and honour line breaks.
 */
function autoFormatToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TAG_OR_ENTITY)) {
    html += escapeHtml(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return newlinesToBreaks(html + escapeHtml(text.slice(last)));
}

/**
 * The inline Markdown Moodle's GIFT and XML files carry in practice: **bold**, *italic* / _italic_ and
 * `code`, on escaped text, line breaks kept. Block syntax (lists, headings) stays as written.
 */
function markdownToHtml(text: string): string {
  const html = escapeHtml(text)
    .replace(/`([^`\n]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_\n]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
  return newlinesToBreaks(html);
}

export function textToHtml(text: string, format: TextFormat): string {
  const trimmed = text.trim();
  switch (format) {
    case 'html':
      return trimmed;
    case 'moodle':
      return autoFormatToHtml(trimmed);
    case 'plain':
      return newlinesToBreaks(escapeHtml(trimmed));
    case 'markdown':
      return markdownToHtml(trimmed);
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes character references; unknown named ones stay as written, so nothing silently vanishes. */
export function decodeEntities(text: string, named: Record<string, string> = NAMED_ENTITIES): string {
  return text.replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(named, ref) ? (named[ref] as string) : whole;
  });
}

/** HTML → plain text, for blank answers that were written inside HTML. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\u00a0/g, ' ')
    .trim();
}

export function hasBlank(html: string): boolean {
  return new RegExp(BLANK_PATTERN.source).test(html);
}

/** Puts a blank at the end of a stem that has none, inside its last paragraph when it ends with one. */
export function appendBlank(html: string): string {
  if (hasBlank(html)) return html;
  const closing = /<\/p>\s*$/i.exec(html);
  if (closing) return `${html.slice(0, closing.index)} ${BLANK_MARK}${html.slice(closing.index)}`;
  return html === '' ? BLANK_MARK : `${html} ${BLANK_MARK}`;
}

/** Points carry at most one decimal (the question editor's rule); anything unreadable counts as 0. */
export function roundPoint(value: number): number {
  return Number.isFinite(value) && value > 0 ? roundPoints(value) : 0;
}
