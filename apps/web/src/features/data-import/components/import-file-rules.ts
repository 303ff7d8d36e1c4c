import { IMPORT_LIMITS } from '@lectern/contracts/data-import/data-import.schemas';
import { extensionOf } from '@lectern/contracts/uploads/upload-rules';

/** The import page reads a Word document, or one of the interchange formats (Moodle XML, GIFT, Aiken). */
export const IMPORT_MODES = ['word', 'moodle'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** `?mode=` as written in a link; anything unknown is the default, Word. */
export function parseImportMode(value: string | null): ImportMode {
  return IMPORT_MODES.find((mode) => mode === value) ?? 'word';
}

/** Spec 000 section 5: Word import takes .docx only (a .doc must be saved as .docx first). */
export const IMPORT_EXTENSIONS: Record<ImportMode, readonly string[]> = {
  word: ['docx'],
  moodle: ['xml', 'gift', 'txt'],
};

/** The file chooser's filter: `.docx` or `.xml,.gift,.txt`. */
export function acceptAttribute(mode: ImportMode): string {
  return IMPORT_EXTENSIONS[mode].map((extension) => `.${extension}`).join(',');
}

export type FileProblem = 'type' | 'empty' | 'tooLarge';

/** Why a chosen file cannot be imported in this mode, checked before anything is sent; null when it can. */
export function fileProblem(file: { name: string; size: number }, mode: ImportMode): FileProblem | null {
  if (!IMPORT_EXTENSIONS[mode].includes(extensionOf(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMPORT_LIMITS.fileMaxBytes) return 'tooLarge';
  return null;
}
