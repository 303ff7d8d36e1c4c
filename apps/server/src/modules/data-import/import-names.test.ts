import { describe, expect, it } from 'vitest';
import { IMPORTED_SUBJECT_TYPES } from '@lectern/contracts/data-import/data-import.schemas';
import { convertImportFile, identifyContent } from './import-pipeline.ts';
import { emptyQuestion } from './question-model.ts';
import { renderMoodleXml } from './moodle-xml.writer.ts';
import { readMoodleXml } from './moodle-xml.reader.ts';

async function importFile(name: string, text: string) {
  const converted = await convertImportFile(name, Buffer.from(text), {
    locale: 'en-US',
    storeImage: async () => '/api/uploads/1/blob',
  });
  return identifyContent(converted.content, { locale: 'en-US', allowedTypes: IMPORTED_SUBJECT_TYPES });
}

describe('question names and categories through convert and identify', () => {
  it('brings GIFT titles to the preview as notes and $CATEGORY paths as categories', async () => {
    const { subjects } = await importFile(
      'quiz.gift',
      [
        '$CATEGORY: $course$/top/Unit 1',
        '',
        '::Capital of France::What is the capital of France? {=Paris ~London}',
        '',
        '$CATEGORY: $course$/top/Unit 2/Rivers',
        '',
        '::Longest::Which river is longest? {=Nile ~Rhine}',
        '',
        'No title here. {T}',
      ].join('\n'),
    );
    expect(subjects.map((s) => [s.note, s.category, s.errors.length])).toEqual([
      ['Capital of France', 'Unit 1', 0],
      ['Longest', 'Unit 2/Rivers', 0],
      [null, 'Unit 2/Rivers', 0],
    ]);
  });

  it('brings Moodle names and categories to the preview', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Default for Geo/Capitals</text></category></question>
  <question type="truefalse">
    <name><text>Paris &amp; France</text></name>
    <questiontext format="html"><text>Paris is in France.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;
    const { subjects } = await importFile('geo.xml', xml);
    expect(subjects.map((s) => [s.note, s.category])).toEqual([
      ['Paris & France', 'Default for Geo/Capitals'],
    ]);
  });

  it('exports a note as the Moodle question name, which reads back as the note', () => {
    const question = {
      ...emptyQuestion('true_or_false'),
      description: 'Paris is in France.',
      point: 1,
      note: 'Capital <check>',
      options: [
        { content: 'True', is_answer: true },
        { content: 'False', is_answer: false },
      ],
    };
    const xml = renderMoodleXml([question]);
    expect(xml).toContain('<name><text>Capital &lt;check&gt;</text></name>');
    expect(readMoodleXml(xml, { locale: 'en-US' }).questions[0]?.note).toBe('Capital <check>');
  });
});
