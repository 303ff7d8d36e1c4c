import { DUPLICATE_TEXT_MAX, extractText, htmlText } from './duplicate-text.ts';
import { discountedPairs, type PairCount } from './duplicate-compare.ts';
import { DUPLICATE_K, distinctSorted, fingerprint } from './duplicate-fingerprint.ts';

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

/**
 * The template of a homework: every k-gram hash (not only the winnowed ones, so no stretch of it a
 * student copied escapes) of its description and of the instructor's checkable files, distinct and
 * sorted. Files that cannot be read add nothing.
 */
export async function readTemplate(
  input: { description: string } & SubmissionFilesInput,
): Promise<Int32Array> {
  const texts = [htmlText(input.description)];
  for (const file of input.files) {
    const extracted = await extractText(file.name, file.bytes);
    if (extracted.kind === 'text') texts.push(extracted.text.slice(0, DUPLICATE_TEXT_MAX));
  }
  // Each text on its own: joining them would make k-grams across the seam that no student wrote.
  const all = texts.map((text) => fingerprint(text, DUPLICATE_K, 1).hashes);
  const joined = new Int32Array(all.reduce((sum, hashes) => sum + hashes.length, 0));
  let at = 0;
  for (const hashes of all) {
    joined.set(hashes, at);
    at += hashes.length;
  }
  return distinctSorted(joined);
}

/** Every pair of the current hand-ins (stored fingerprints, any order), common material left out. */
export function compareAll(input: { docs: readonly Int32Array[]; template: Int32Array }): {
  pairs: PairCount[];
  counts: number[];
} {
  return discountedPairs(
    input.docs.map((doc) => distinctSorted(doc)),
    input.template,
  );
}

/** The work a duplicate-check worker thread does: read a submission or a template, or compare them all. */
export type DuplicateTask =
  | ({ kind: 'read' } & SubmissionFilesInput)
  | ({ kind: 'template'; description: string } & SubmissionFilesInput)
  | { kind: 'compareAll'; docs: Int32Array[]; template: Int32Array };
export type DuplicateTaskResult =
  | ({ kind: 'read' } & { result: SubmissionFingerprints })
  | { kind: 'template'; hashes: Int32Array }
  | ({ kind: 'compareAll' } & ReturnType<typeof compareAll>);

export async function runDuplicateTask(task: DuplicateTask): Promise<DuplicateTaskResult> {
  switch (task.kind) {
    case 'read':
      return { kind: 'read', result: await readSubmissionFiles(task) };
    case 'template':
      return { kind: 'template', hashes: await readTemplate(task) };
    case 'compareAll':
      return { kind: 'compareAll', ...compareAll(task) };
  }
}
