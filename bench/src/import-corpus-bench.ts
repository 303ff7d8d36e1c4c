// The import corpus benchmark (issue 19): every file of apps/server/…/data-import/fixtures/corpus through
// convert + identify in-process, as the import page would, against the counts a person made (corpus.json).
// Prints files fully / partly / failed, questions found vs counted, and errors and warnings by kind.
// Targets: at least 90% of files fully imported, at least 98% of questions found; every loss warned.
import { performance } from 'node:perf_hooks';
import { runCorpus } from '../../apps/server/src/modules/data-import/import-corpus.ts';

export const IMPORT_CORPUS_NAME = 'import corpus: real-layout question files through convert + identify';

const FILES_TARGET = 0.9;
const QUESTIONS_TARGET = 0.98;

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;

export async function runImportCorpusBench(): Promise<boolean> {
  const started = performance.now();
  const summary = await runCorpus('zh-CN');
  const seconds = (performance.now() - started) / 1000;
  for (const o of summary.outcomes) {
    const detail = o.reasons.length > 0 ? `  (${o.reasons.join('; ')})` : '';
    console.log(`  ${o.outcome.padEnd(6)} ${o.file.padEnd(36)} ${o.found}/${o.counted}${detail}`);
  }
  console.log(
    `\nfiles: ${summary.fully} fully, ${summary.partly} partly, ${summary.failed} failed of ${summary.files}` +
      ` (fully ${percent(summary.fully, summary.files)}, target >= ${FILES_TARGET * 100}%)`,
  );
  console.log(
    `questions found without error: ${summary.found} of ${summary.counted} counted` +
      ` (${percent(summary.found, summary.counted)}, target >= ${QUESTIONS_TARGET * 100}%)`,
  );
  const errors = Object.entries(summary.errorsByCode);
  console.log(
    `errors by kind: ${errors.length === 0 ? 'none' : errors.map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  console.log(
    `warnings: ${summary.warningCount} in all; losses warned (on the file or on a question), by message (files):`,
  );
  for (const [message, files] of Object.entries(summary.lossesByMessage))
    console.log(`  ${files}× ${message}`);
  console.log(`${summary.files} files in ${seconds.toFixed(2)} s`);
  const filesMet = summary.fully / summary.files >= FILES_TARGET;
  const questionsMet = summary.found / summary.counted >= QUESTIONS_TARGET;
  console.log(
    `files ${filesMet ? 'met' : 'MISSED'}, questions ${questionsMet ? 'met' : 'MISSED'} => ${filesMet && questionsMet ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
  );
  return filesMet && questionsMet;
}
