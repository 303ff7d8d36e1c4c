import { extensionOf } from '@lectern/contracts/uploads/upload-rules';
import { isDuplicateCheckable } from '@lectern/contracts/homework/duplicate-check.rules';
import { DOCUMENT_ZIP_LIMITS, repackZipStored } from '../../platform/files/safe-zip.ts';

/** More text than this per submission is not compared (a book pasted in would only slow everyone). */
export const DUPLICATE_TEXT_MAX = 500_000;

export type ExtractedText =
  { kind: 'text'; text: string } | { kind: 'not_checkable' } | { kind: 'failed'; error: string };

/** Plain text as a student's editor saved it: UTF-8 (with or without BOM), or UTF-16 marked by its BOM. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes);
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import('mammoth');
  // mammoth inflates whole parts into memory: it gets a copy inflated under the limits (zip bombs).
  const packed = await repackZipStored(Buffer.from(bytes), DOCUMENT_ZIP_LIMITS);
  const result = await mammoth.extractRawText({ buffer: packed });
  return result.value;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // The legacy build runs in Node without a DOM; text extraction needs neither canvas nor fonts.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
      page.cleanup();
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}

/** The text of one file, or why there is none. Only docx, pdf and txt are read. */
export async function extractText(name: string, bytes: Uint8Array): Promise<ExtractedText> {
  if (!isDuplicateCheckable(name)) return { kind: 'not_checkable' };
  try {
    switch (extensionOf(name)?.toLowerCase()) {
      case 'docx':
        return { kind: 'text', text: await docxText(bytes) };
      case 'pdf':
        return { kind: 'text', text: await pdfText(bytes) };
      default:
        return { kind: 'text', text: decodeText(bytes) };
    }
  } catch (error) {
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of (sanitised) HTML, as a reader sees it: tags become spaces, entities their characters. Good
 * enough for fingerprints, which keep only letters and digits.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}
