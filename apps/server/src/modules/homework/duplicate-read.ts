import { DUPLICATE_TEXT_MAX, extractText } from './duplicate-text.ts';
import { sharedCount } from './duplicate-compare.ts';
import { distinctSorted, fingerprint } from './duplicate-fingerprint.ts';

export type SubmissionFilesInput = { files: { name: string; bytes: Uint8Array }[] };

export type SubmissionFingerprints =
  | {
      status: 'checked';
      text: string;
      hashes: Int32Array;
      starts: Int32Array;
      ends: Int32Array;
      /** Distinct hashes. */
      count: number;
    }
  | { status: 'not_checkable' | 'failed'; error: string | null };

/**
 * The text of a submission's checkable files, joined in order, and its fingerprints. A submission with no
 * docx, pdf or txt file, or whose files hold no text to compare, is not checkable; one whose checkable
 * files all failed to open has failed.
 */
export async function readSubmissionFiles(input: SubmissionFilesInput): Promise<SubmissionFingerprints> {
  const texts: string[] = [];
  const errors: string[] = [];
  for (const file of input.files) {
    const extracted = await extractText(file.name, file.bytes);
    if (extracted.kind === 'text') texts.push(extracted.text);
    else if (extracted.kind === 'failed') errors.push(`${file.name}: ${extracted.error}`);
  }
  if (texts.length === 0) {
    return errors.length > 0
      ? { status: 'failed', error: errors.join('; ').slice(0, 2000) }
      : { status: 'not_checkable', error: null };
  }
  const text = texts.join('\n\n').slice(0, DUPLICATE_TEXT_MAX);
  const prints = fingerprint(text);
  if (prints.hashes.length === 0) return { status: 'not_checkable', error: null };
  return { status: 'checked', text, ...prints, count: distinctSorted(prints.hashes).length };
}

/** How many of `mine` (distinct hashes) each of `others` (stored fingerprints, any order) also has. */
export function compareWithOthers(input: { mine: Int32Array; others: readonly Int32Array[] }): {
  shared: number[];
  counts: number[];
} {
  const shared: number[] = [];
  const counts: number[] = [];
  for (const other of input.others) {
    const theirs = distinctSorted(other);
    counts.push(theirs.length);
    shared.push(sharedCount(input.mine, theirs));
  }
  return { shared, counts };
}

/** The work a duplicate-check worker thread does: read a submission, or compare one with the rest. */
export type DuplicateTask =
  ({ kind: 'read' } & SubmissionFilesInput) | { kind: 'compare'; mine: Int32Array; others: Int32Array[] };
export type DuplicateTaskResult =
  | ({ kind: 'read' } & { result: SubmissionFingerprints })
  | ({ kind: 'compare' } & ReturnType<typeof compareWithOthers>);

export async function runDuplicateTask(task: DuplicateTask): Promise<DuplicateTaskResult> {
  return task.kind === 'read'
    ? { kind: 'read', result: await readSubmissionFiles(task) }
    : { kind: 'compare', ...compareWithOthers(task) };
}
