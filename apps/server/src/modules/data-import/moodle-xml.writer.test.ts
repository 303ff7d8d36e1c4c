import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderMoodleXml } from './moodle-xml.writer.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';

function q(type: QuestionModel['type'], fields: Partial<QuestionModel>): QuestionModel {
  return { ...emptyQuestion(type), ...fields };
}

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['question', 'answer', 'subquestion', 'tag'].includes(name),
});

function parse(xml: string): XmlNode[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { quiz: { question: XmlNode[] } };
  return doc.quiz.question;
}

function text(node: unknown): string {
  return String((node as { text: unknown }).text ?? '');
}

function answers(question: XmlNode): { fraction: string; text: string }[] {
  return (question.answer as XmlNode[]).map((a) => ({ fraction: String(a['@fraction']), text: text(a) }));
}

describe('renderMoodleXml', () => {
  it('writes choices with fractions, points, feedback and knowledge points as tags', () => {
    const [single, multiple] = parse(
      renderMoodleXml([
        q('single_selection', {
          description: '<p>Capital of <strong>France</strong>?</p>',
          point: 2,
          options: [
            { content: '<p>Lyon</p>', is_answer: false },
            { content: '<p>Paris</p>', is_answer: true },
          ],
          answer_explanation: '<p>Paris, since 508.</p>',
          knowledge_node_names: ['geography', 'capitals'],
        }),
        q('multiple_selection', {
          description: 'Primes?',
          point: 3,
          options: [
            { content: '2', is_answer: true },
            { content: '4', is_answer: false },
            { content: '5', is_answer: true },
            { content: '7', is_answer: true },
          ],
        }),
      ]),
    );
    expect(single?.['@type']).toBe('multichoice');
    expect(single?.single).toBe('true');
    expect(text(single?.name)).toBe('Capital of France?');
    expect(text(single?.questiontext)).toBe('<p>Capital of <strong>France</strong>?</p>');
    expect((single?.questiontext as XmlNode)['@format']).toBe('html');
    expect(text(single?.generalfeedback)).toBe('<p>Paris, since 508.</p>');
    expect(single?.defaultgrade).toBe('2');
    expect(single?.penalty).toBe('0');
    expect(answers(single as XmlNode)).toEqual([
      { fraction: '0', text: '<p>Lyon</p>' },
      { fraction: '100', text: '<p>Paris</p>' },
    ]);
    expect(((single?.tags as XmlNode).tag as XmlNode[]).map(text)).toEqual(['geography', 'capitals']);

    expect(multiple?.single).toBe('false');
    expect(answers(multiple as XmlNode).map((a) => a.fraction)).toEqual([
      '33.33333',
      '-100',
      '33.33333',
      '33.33333',
    ]);
  });

  it('writes true/false, one-blank short answer, several blanks as embedded answers, and essays', () => {
    const [trueFalse, oneBlank, blanks, essay] = parse(
      renderMoodleXml([
        q('true_or_false', {
          description: 'The earth is flat.',
          point: 1,
          options: [
            { content: 'True', is_answer: false },
            { content: 'False', is_answer: true },
          ],
        }),
        q('fill_in_blank', {
          description: 'The capital of Japan is ____.',
          point: 2,
          blanks: [{ answers: ['Tokyo', '東京'] }],
          settings: { case_sensitive: true },
        }),
        q('fill_in_blank', {
          description: '<p>____ plus ____ is four.</p>',
          point: 4,
          blanks: [{ answers: ['two', '2'] }, { answers: ['2}#'] }],
        }),
        q('short_answer', {
          description: 'Explain recursion.',
          point: 5,
          answer: '<p>A function calling itself.</p>',
        }),
      ]),
    );
    expect(trueFalse?.['@type']).toBe('truefalse');
    expect(answers(trueFalse as XmlNode)).toEqual([
      { fraction: '0', text: 'true' },
      { fraction: '100', text: 'false' },
    ]);

    expect(oneBlank?.['@type']).toBe('shortanswer');
    expect(oneBlank?.usecase).toBe('1');
    expect(answers(oneBlank as XmlNode)).toEqual([
      { fraction: '100', text: 'Tokyo' },
      { fraction: '100', text: '東京' },
    ]);

    expect(blanks?.['@type']).toBe('cloze');
    expect(text(blanks?.questiontext)).toBe(
      '<p>{2:SHORTANSWER:=two~=2} plus {2:SHORTANSWER:=2\\}\\#} is four.</p>',
    );

    expect(essay?.['@type']).toBe('essay');
    expect(text(essay?.graderinfo)).toBe('<p>A function calling itself.</p>');
    expect(essay?.defaultgrade).toBe('5');
  });

  it('writes a stem as a description followed by its sub-questions, and text blocks as descriptions', () => {
    const out = parse(
      renderMoodleXml([
        q('paragraph_desc', { description: '<p>Part one</p>' }),
        q('analysis', {
          description: '<p>Read the passage.</p>',
          sub_subjects: [
            q('single_selection', {
              description: 'Who?',
              point: 2,
              options: [
                { content: 'me', is_answer: true },
                { content: 'you', is_answer: false },
              ],
            }),
            q('short_answer', { description: 'Why?', point: 3, answer: 'Because.' }),
          ],
        }),
      ]),
    );
    expect(out.map((question) => question['@type'])).toEqual([
      'description',
      'description',
      'multichoice',
      'essay',
    ]);
    expect(text(out[1]?.questiontext)).toBe('<p>Read the passage.</p>');
    expect(out[1]?.defaultgrade).toBe('0');
    expect(out.map((question) => question.defaultgrade)).toEqual(['0', '0', '2', '3']);
  });

  it('writes matching pairs with unpaired right-hand items as extra answers', () => {
    const [matching] = parse(
      renderMoodleXml([
        q('matching', {
          description: 'Pair the sounds.',
          point: 2,
          options: [
            { content: '<p>dog</p>', is_answer: false },
            { content: '<p>cat</p>', is_answer: false },
            { content: '<p>cow</p>', is_answer: false },
          ],
          pairs: [
            { content: 'meow', option_index: 1 },
            { content: 'woof', option_index: 0 },
          ],
        }),
      ]),
    );
    expect(matching?.['@type']).toBe('matching');
    expect(
      (matching?.subquestion as XmlNode[]).map((s) => [text(s), text((s.answer as XmlNode[])[0])]),
    ).toEqual([
      ['meow', 'cat'],
      ['woof', 'dog'],
      ['', 'cow'],
    ]);
  });

  it('stays valid XML whatever the text holds, and names a question by its first 60 characters', () => {
    const tricky = 'x]]>y & <b>z</b> \u0001'.padEnd(80, 'w');
    const xml = renderMoodleXml([
      q('short_answer', { description: tricky, point: 1, answer: 'a ]]> b', knowledge_node_names: ['<&>'] }),
      q('short_answer', { description: '<img src="/api/uploads/1/blob">', point: 1 }),
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<quiz>/);
    expect(xml).toContain('<question type="essay">');
    const [first, second] = parse(xml);
    expect(text(first?.questiontext)).toBe(tricky.replace('\u0001', ''));
    expect(text(first?.graderinfo)).toBe('a ]]> b');
    expect(text(first?.name)).toHaveLength(60);
    expect(text(first?.name).startsWith('x]]>y & z w')).toBe(true);
    expect(text(((first?.tags as XmlNode).tag as XmlNode[])[0])).toBe('<&>');
    expect(text(second?.name)).toBe('Question 2');
  });

  it('writes option weights as fractions and numeric ranges as numerical answers with a tolerance', () => {
    const [choice, numerical, plain, embedded] = parse(
      renderMoodleXml([
        q('multiple_selection', {
          description: 'Primes?',
          point: 2,
          options: [
            { content: '2', is_answer: true, weight: 0.5 },
            { content: '3', is_answer: true, weight: 0.5 },
            { content: '4', is_answer: false, weight: -1 },
          ],
        }),
        q('fill_in_blank', {
          description: 'Pi? ____',
          point: 1,
          blanks: [{ answers: ['3.141..3.142', '3.14±0.005'] }],
        }),
        q('fill_in_blank', { description: 'Year? ____', point: 1, blanks: [{ answers: ['1822'] }] }),
        q('fill_in_blank', {
          description: '____ and ____',
          point: 2,
          blanks: [{ answers: ['2.1±0.1'] }, { answers: ['Seine'] }],
        }),
      ]),
    );
    expect(answers(choice!)).toEqual([
      { fraction: '50', text: '2' },
      { fraction: '50', text: '3' },
      { fraction: '-100', text: '4' },
    ]);
    expect(numerical?.['@type']).toBe('numerical');
    expect((numerical?.answer as XmlNode[]).map((a) => [text(a), String(a.tolerance)])).toEqual([
      ['3.1415', '0.0005'],
      ['3.14', '0.005'],
    ]);
    // A plain number stays a short answer compared as text, as before.
    expect(plain?.['@type']).toBe('shortanswer');
    expect(String((embedded?.questiontext as XmlNode).text)).toBe(
      '{1:NUMERICAL:=2.1:0.1} and {1:SHORTANSWER:=Seine}',
    );
  });
});
