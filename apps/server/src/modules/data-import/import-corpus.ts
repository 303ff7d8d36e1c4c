import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@lectern/contracts/common/locale';
import {
  hasImportErrors,
  IMPORTED_SUBJECT_TYPES,
  type ImportedSubject,
} from '@lectern/contracts/data-import/data-import.schemas';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/messages.ts';
import { convertImportFile, identifyContent } from './import-pipeline.ts';

/**
 * Runs the import corpus (fixtures/corpus, issue 19) through convert + identify in-process and says, per
 * file, what a teacher would get: every counted question found without errors (fully), some (partly), or
 * nothing usable (failed). The corpus test and the import bench both read these figures.
 */

export const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'corpus');

export type CorpusEntry = {
  file: string;
  format: string;
  source: string;
  licence: string;
  synthetic: boolean;
  questions: number;
  types: Record<string, number>;
  kind: 'questions' | 'no_questions' | 'not_questions';
  /** Questions broken in the file itself, whose import must show an error. */
  broken?: number;
  note: string;
};

export type FileOutcome = {
  file: string;
  outcome: 'fully' | 'partly' | 'failed';
  counted: number;
  found: number;
  /** Questions with at least one error (their own or a sub-question's). */
  withErrors: number;
  /** Found types that differ from the manifest's, as "expected→found" counts. */
  typeMismatches: string[];
  errorsByCode: Record<string, number>;
  warnings: string[];
  /**
   * Something of the file was not carried (every one is a loss): warnings of the convert step, and the
   * warnings noted on questions.
   */
  losses: string[];
  /** Why the file is not fully imported, in a few words. */
  reasons: string[];
};

function notQuestionsWarning(locale: Locale): string {
  return translate(locale, 'dataImport.parse.numberedParagraphs');
}

export async function readCorpusManifest(): Promise<CorpusEntry[]> {
  const manifest = JSON.parse(await readFile(path.join(CORPUS_DIR, 'corpus.json'), 'utf8')) as {
    files: CorpusEntry[];
  };
  return manifest.files;
}

function countTypes(subjects: readonly ImportedSubject[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of subjects) counts[s.type] = (counts[s.type] ?? 0) + 1;
  return counts;
}

export async function runCorpusFile(entry: CorpusEntry, locale: Locale = 'zh-CN'): Promise<FileOutcome> {
  const bytes = await readFile(path.join(CORPUS_DIR, entry.file));
  let image = 0;
  const outcome: FileOutcome = {
    file: entry.file,
    outcome: 'failed',
    counted: entry.questions,
    found: 0,
    withErrors: 0,
    typeMismatches: [],
    errorsByCode: {},
    warnings: [],
    losses: [],
    reasons: [],
  };
  let subjects: ImportedSubject[] = [];
  try {
    const converted = await convertImportFile(entry.file, bytes, {
      locale,
      storeImage: async () => `/api/uploads/${(image += 1)}/blob`,
    });
    outcome.warnings.push(...converted.warnings);
    outcome.losses.push(...converted.warnings);
    if (converted.content.replace(/<[^>]*>/g, '').trim() !== '') {
      const parsed = identifyContent(converted.content, { locale, allowedTypes: IMPORTED_SUBJECT_TYPES });
      subjects = parsed.subjects;
      outcome.warnings.push(...parsed.warnings);
      // Losses noted on a question (shown on its preview card) are losses all the same; a note on a question
      // that carries an error says why it cannot be saved as it is (a gap broken in the file itself): that
      // question is counted by its error, against the manifest's broken ones, not as a loss.
      for (const s of subjects) {
        const noted = [...s.warnings, ...s.sub_subjects.flatMap((sub) => sub.warnings)];
        outcome.warnings.push(...noted);
        if (!hasImportErrors(s)) outcome.losses.push(...noted);
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome.reasons.push(`refused: ${error.code}`);
    return outcome;
  }
  outcome.found = subjects.length;
  for (const s of subjects) {
    const errors = [...s.errors, ...s.sub_subjects.flatMap((sub) => sub.errors)];
    if (errors.length > 0) outcome.withErrors += 1;
    for (const e of errors) outcome.errorsByCode[e.code] = (outcome.errorsByCode[e.code] ?? 0) + 1;
  }
  const found = countTypes(subjects);
  for (const type of new Set([...Object.keys(entry.types), ...Object.keys(found)])) {
    const expected = entry.types[type] ?? 0;
    const got = found[type] ?? 0;
    if (expected !== got) outcome.typeMismatches.push(`${type} ${expected}→${got}`);
  }

  if (entry.kind !== 'questions') {
    // Nothing to import: handled when the teacher is told so (no question, or the "numbered paragraphs" warning).
    const told =
      entry.kind === 'no_questions'
        ? subjects.length === 0 && outcome.warnings.length > 0
        : outcome.warnings.includes(notQuestionsWarning(locale));
    outcome.outcome = told ? 'fully' : 'failed';
    if (!told) outcome.reasons.push('not a question paper, and not said');
    return outcome;
  }
  if (outcome.found === 0) {
    outcome.reasons.push('no question found');
    return outcome;
  }
  if (outcome.found !== entry.questions) outcome.reasons.push(`found ${outcome.found} of ${entry.questions}`);
  if (outcome.withErrors !== (entry.broken ?? 0)) {
    outcome.reasons.push(`${outcome.withErrors} with errors, ${entry.broken ?? 0} broken in the file`);
  }
  if (outcome.losses.length > 0) outcome.reasons.push(`${outcome.losses.length} losses warned`);
  if (outcome.typeMismatches.length > 0) outcome.reasons.push(`types ${outcome.typeMismatches.join(', ')}`);
  const usable = outcome.found - outcome.withErrors + (entry.broken ?? 0);
  outcome.outcome = outcome.reasons.length === 0 ? 'fully' : usable > 0 ? 'partly' : 'failed';
  return outcome;
}

export type CorpusSummary = {
  files: number;
  fully: number;
  partly: number;
  failed: number;
  counted: number;
  /** Questions found without errors, capped per file at the count a person makes. */
  found: number;
  errorsByCode: Record<string, number>;
  warningCount: number;
  /** Warnings by message, with the number of files that carry each. */
  lossesByMessage: Record<string, number>;
  outcomes: FileOutcome[];
};

export async function runCorpus(locale: Locale = 'zh-CN'): Promise<CorpusSummary> {
  const entries = await readCorpusManifest();
  const outcomes: FileOutcome[] = [];
  for (const entry of entries) outcomes.push(await runCorpusFile(entry, locale));
  const errorsByCode: Record<string, number> = {};
  for (const o of outcomes) {
    for (const [code, n] of Object.entries(o.errorsByCode))
      errorsByCode[code] = (errorsByCode[code] ?? 0) + n;
  }
  return {
    files: outcomes.length,
    fully: outcomes.filter((o) => o.outcome === 'fully').length,
    partly: outcomes.filter((o) => o.outcome === 'partly').length,
    failed: outcomes.filter((o) => o.outcome === 'failed').length,
    counted: outcomes.reduce((sum, o) => sum + o.counted, 0),
    found: outcomes.reduce(
      (sum, o, i) => sum + Math.min(o.counted, o.found - o.withErrors + (entries[i]?.broken ?? 0)),
      0,
    ),
    errorsByCode,
    warningCount: outcomes.reduce((sum, o) => sum + o.warnings.length, 0),
    lossesByMessage: Object.fromEntries(
      [...new Set(outcomes.flatMap((o) => o.losses))].map((w) => [
        w,
        outcomes.filter((o) => o.losses.includes(w)).length,
      ]),
    ),
    outcomes,
  };
}
