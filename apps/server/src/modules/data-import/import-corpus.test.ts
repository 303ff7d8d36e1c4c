import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORTED_SUBJECT_TYPES } from '@lectern/contracts/data-import/data-import.schemas';
import { CORPUS_DIR, runCorpus } from './import-corpus.ts';
import { convertImportFile, identifyContent } from './import-pipeline.ts';

/**
 * The import corpus (fixtures/corpus, issue 19): every file through convert + identify in-process. Files
 * the manifest lists in KNOWN_PARTIAL keep a loss that Lectern cannot express and that is warned (partial
 * credit, tolerances); every other file must import fully, and at least 98% of the questions a person
 * counts must be found without an error.
 */
const KNOWN_PARTIAL = new Set([
  // Partial credit (%50%) and numeric tolerances: Lectern grades all or nothing; each loss is warned.
  'gift-partial-credit.gift',
  'gift-numeric.gift',
  // A short answer's 50% alternative (Moodle fraction).
  'moodle-xml-partial.xml',
  // A numerical gap's tolerance (2.1:0.1); its broken gap is an error on that question, as it should be.
  'moodle-xml-cloze.xml',
]);

describe('the import corpus', () => {
  it('imports every file fully but the known partial ones, and finds the questions a person counts', async () => {
    const summary = await runCorpus('zh-CN');
    const notFully = summary.outcomes
      .filter((o) => o.outcome !== 'fully' && !KNOWN_PARTIAL.has(o.file))
      .map((o) => `${o.file}: ${o.reasons.join('; ')}`);
    expect(notFully).toEqual([]);
    for (const file of KNOWN_PARTIAL) {
      const outcome = summary.outcomes.find((o) => o.file === file);
      // What is lost is said: never a silent loss.
      expect(outcome?.losses.length).toBeGreaterThan(0);
    }
    // Every question a person counts is found (the target is 98%).
    expect(summary.found / summary.counted).toBeGreaterThanOrEqual(0.98);
  });

  it('shows each loss on the question it concerns, not as a warning about the file', async () => {
    const file = 'gift-partial-credit.gift';
    const converted = await convertImportFile(file, await readFile(path.join(CORPUS_DIR, file)), {
      locale: 'en-US',
      storeImage: () => Promise.reject(new Error('no picture in this file')),
    });
    expect(converted.warnings).toEqual([]);
    const { subjects, warnings } = identifyContent(converted.content, {
      locale: 'en-US',
      allowedTypes: IMPORTED_SUBJECT_TYPES,
    });
    expect(warnings).toEqual([]);
    const partial = (name: string) =>
      `"${name}": partial credit (like %50%) cannot be kept; after import only fully correct answers score.`;
    expect(subjects.map((s) => s.warnings)).toEqual([
      [partial('Primes')],
      [partial('Oceans')],
      [partial('Capital')],
      [partial('Author')],
    ]);
    // A warning never blocks saving: these questions have no error.
    expect(subjects.flatMap((s) => s.errors)).toEqual([]);
  });
});
