import { extensionOf } from './upload-rules.ts';

/** Office documents the server renders to PDF for in-page viewing (LibreOffice, headless). */
export const OFFICE_EXTENSIONS = ['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'odt', 'odp', 'ods'] as const;
export type OfficeExtension = (typeof OFFICE_EXTENSIONS)[number];

const OFFICE_MIME_EXTENSIONS: Readonly<Record<string, OfficeExtension>> = {
  'application/msword': 'doc',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

/**
 * Containers the byte sniffer may name generically for an Office file: a small .docx can read as a plain
 * zip, an old .doc as a compound file. The name then says which format it is.
 */
const GENERIC_CONTAINERS: ReadonlySet<string> = new Set(['application/zip', 'application/x-cfb']);

const isOfficeExtension = (value: string): value is OfficeExtension =>
  (OFFICE_EXTENSIONS as readonly string[]).includes(value);

/**
 * The Office format of a stored file, from its sniffed MIME type (and its name when the type is only a
 * generic container), or null when it is not an Office document.
 */
export function officeFormatOf(mime: string | null | undefined, name: string): OfficeExtension | null {
  if (!mime) return null;
  const byMime = OFFICE_MIME_EXTENSIONS[mime];
  if (byMime) return byMime;
  if (!GENERIC_CONTAINERS.has(mime)) return null;
  const extension = extensionOf(name);
  return isOfficeExtension(extension) ? extension : null;
}

/** What `GET /api/uploads/{id}/preview` can show: a PDF as it is, or an Office file rendered to PDF. */
export function previewKindOf(
  mime: string | null | undefined,
  name: string,
): { kind: 'pdf' } | { kind: 'office'; format: OfficeExtension } | null {
  if (mime === 'application/pdf') return { kind: 'pdf' };
  const format = officeFormatOf(mime, name);
  return format ? { kind: 'office', format } : null;
}
