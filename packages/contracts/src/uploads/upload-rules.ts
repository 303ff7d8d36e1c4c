export const UPLOAD_KINDS = ['document', 'video', 'audio', 'image', 'archive', 'other'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_NAME_MAX = 255;

/** Coarse kind from a sniffed MIME type; the UI groups and previews by it. */
export function uploadKindOf(mime: string | null | undefined): UploadKind {
  if (!mime) return 'other';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  if (/zip|x-7z|x-rar|x-tar|gzip/.test(mime)) return 'archive';
  if (
    mime === 'application/pdf' ||
    mime === 'application/json' ||
    mime.startsWith('text/') ||
    /officedocument|msword|ms-excel|ms-powerpoint|opendocument|rtf/.test(mime)
  ) {
    return 'document';
  }
  return 'other';
}

/** Formats bytes for people: 1.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** Lower-cased extension without the dot (`report.PDF` → `pdf`), or '' when the name has none. */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * A client's file name made safe to store and to echo in headers: no directory part, no control or
 * bidirectional-override characters, trimmed, at most UPLOAD_NAME_MAX characters with the extension kept.
 * The name is only ever shown; storage paths never derive from it.
 */
export function sanitizeUploadName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const cleaned = base
    // A lone surrogate cannot be encoded as UTF-8 (nor put in a header): make it a replacement character.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  const chars = [...cleaned];
  if (chars.length <= UPLOAD_NAME_MAX) return cleaned;
  const extension = extensionOf(cleaned);
  const keep = extension && extension.length < 16 ? `.${extension}` : '';
  return chars.slice(0, UPLOAD_NAME_MAX - keep.length).join('') + keep;
}

/**
 * Plain-text files the byte sniffer cannot recognise. They are accepted only under these extensions and
 * only when every byte is valid UTF-8, and they are served with the MIME type listed here.
 */
export const TEXT_UPLOAD_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  // Question interchange files (Moodle XML, GIFT) brought to the import page.
  xml: 'application/xml',
  gift: 'text/plain',
};

/** Sniffed types that are programs or installers: never stored, whatever the name says. */
export const REFUSED_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-shellscript',
  'application/x-msi',
  'application/java-vm',
  'application/vnd.android.package-archive',
  'application/x-google-chrome-extension',
  'application/x-deb',
  'application/x-rpm',
  'application/x.ms.shortcut',
  'application/x-ms-regedit',
]);

/** Names that would run when opened, refused even when the bytes look harmless. */
export const REFUSED_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'sys',
  'msi',
  'msp',
  'com',
  'scr',
  'pif',
  'cpl',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'wsf',
  'sh',
  'bash',
  'command',
  'run',
  'lnk',
  'reg',
  'apk',
  'deb',
  'rpm',
]);

/** Extensions whose bytes must be exactly one of these types (a `.pdf` that is not a PDF is refused). */
const EXACT_EXTENSION_TYPES: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf'],
  doc: ['application/x-cfb', 'application/msword'],
  xls: ['application/x-cfb', 'application/vnd.ms-excel'],
  ppt: ['application/x-cfb', 'application/vnd.ms-powerpoint'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip'],
};

/** Extensions whose bytes must at least be of the same kind (a `.jpg` holding a PNG is fine). */
const EXTENSION_KINDS: Readonly<Record<string, readonly UploadKind[]>> = {
  ...Object.fromEntries(
    ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff', 'heic', 'heif', 'avif', 'ico'].map((e) => [
      e,
      ['image'] as const,
    ]),
  ),
  ...Object.fromEntries(
    ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'flv', 'wmv', 'mpg', 'mpeg', '3gp', 'ogv'].map((e) => [
      e,
      ['video', 'audio'] as const,
    ]),
  ),
  ...Object.fromEntries(
    ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'amr', 'wma'].map((e) => [
      e,
      ['audio', 'video'] as const,
    ]),
  ),
  ...Object.fromEntries(['zip', 'rar', '7z', 'tar', 'gz', 'tgz'].map((e) => [e, ['archive'] as const])),
};

/** Container formats the sniffer names generically, made specific by a matching extension. */
const CONTAINER_REFINEMENTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'application/x-cfb': {
    doc: 'application/msword',
    xls: 'application/vnd.ms-excel',
    ppt: 'application/vnd.ms-powerpoint',
  },
};

/** Sniffed types that are text anyway, acceptable under a text extension. */
const TEXTUAL_SNIFFS = /^(text\/|application\/(xml|json)$)/;

export type UploadTypeVerdict =
  | {
      ok: true;
      /** The MIME type to store and serve. */
      mime: string;
      /** The bytes must still prove to be UTF-8 as they stream in. */
      mustBeUtf8: boolean;
    }
  | { ok: false; reason: 'executable' | 'extensionMismatch' | 'unrecognised'; extension: string };

/**
 * Decides from the name and the type sniffed from the first bytes whether a file may be stored. The bytes
 * decide the type; the name can only make a refusal (an executable extension, or one that contradicts
 * the bytes) or pick among text types the sniffer cannot tell apart.
 */
export function judgeUploadType(name: string, sniffedMime: string | undefined): UploadTypeVerdict {
  const extension = extensionOf(name);
  if (REFUSED_EXTENSIONS.has(extension) || (sniffedMime && REFUSED_MIME_TYPES.has(sniffedMime))) {
    return { ok: false, reason: 'executable', extension };
  }
  const textMime = TEXT_UPLOAD_TYPES[extension];
  if (!sniffedMime) {
    return textMime
      ? { ok: true, mime: textMime, mustBeUtf8: true }
      : { ok: false, reason: 'unrecognised', extension };
  }
  if (textMime) {
    return TEXTUAL_SNIFFS.test(sniffedMime)
      ? { ok: true, mime: textMime, mustBeUtf8: true }
      : { ok: false, reason: 'extensionMismatch', extension };
  }
  const exact = EXACT_EXTENSION_TYPES[extension];
  const kinds = EXTENSION_KINDS[extension];
  if ((exact && !exact.includes(sniffedMime)) || (kinds && !kinds.includes(uploadKindOf(sniffedMime)))) {
    return { ok: false, reason: 'extensionMismatch', extension };
  }
  return {
    ok: true,
    mime: CONTAINER_REFINEMENTS[sniffedMime]?.[extension] ?? sniffedMime,
    mustBeUtf8: false,
  };
}

/** Types a browser may show in place (preview) without running anything; the rest is always downloaded. */
export function canDisplayInline(mime: string | null | undefined): boolean {
  if (!mime) return false;
  if (mime === 'image/svg+xml') return false;
  return (
    mime === 'application/pdf' ||
    mime === 'text/plain' ||
    mime === 'text/csv' ||
    mime === 'text/markdown' ||
    mime === 'application/json' ||
    /^(image|video|audio)\//.test(mime)
  );
}
