import { describe, expect, it } from 'vitest';
import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { readGift } from './gift.reader.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';

/** GIFT carries no grade: every question gets Moodle's default of 1 point. */
const q = (type: SubjectType, fields: Partial<QuestionModel>): QuestionModel => ({
  ...emptyQuestion(type),
  point: 1,
  ...fields,
});

const SAMPLE = String.raw`// Geography, exported from Moodle
$CATEGORY: $course$/top/Geography

::Capital::[html]What is the capital of <b>France</b>?{
  =Paris#Right!
  ~London#No, that is in England.
  ~Berlin
}

::Primes:: Which numbers are prime? {
  ~%50%2
  ~%50%3
  ~%-100%4
}

::Flat earth:: The earth is flat.{F}

::Sun::The sun rises in the east.{TRUE####Because the earth spins eastward.}

Who wrote Hamlet? {=Shakespeare =William Shakespeare =%50%Marlowe}

The capital of Italy is {=Rome ~Milan ~Naples} and it is old.

::Pi:: What is pi to two decimals? {#3.14:0.005}

::Moodle:: When was Moodle 1.0 released? {#=2002:0 =%50%2001:1}

::Match:: Match the countries and capitals. {
  =France -> Paris
  =Italy -> Rome
  =Spain -> Madrid
  = -> Lisbon
}

::Essay:: Describe your summer.{}

::Escapes:: Is 2 \= 2 \{really\}\: yes? {=a \~ b ~c\#d}
`;

describe('readGift', () => {
  it('reads every GIFT question type into the question model', () => {
    const { questions } = readGift(SAMPLE, { locale: 'en-US' });
    // Each question's notes, names and category are checked below.
    expect(questions.map((question) => ({ ...question, notes: [], note: null, category: null }))).toEqual([
      q('single_selection', {
        description: 'What is the capital of <b>France</b>?',
        options: [
          { content: 'Paris', is_answer: true },
          { content: 'London', is_answer: false },
          { content: 'Berlin', is_answer: false },
        ],
        // Feedback on single answers is kept in the explanation, one line per answer.
        answer_explanation: '<p>Paris: Right!</p><p>London: No, that is in England.</p>',
      }),
      q('multiple_selection', {
        description: 'Which numbers are prime?',
        // Partial credit is kept as the options' weights, Moodle's fractions.
        options: [
          { content: '2', is_answer: true, weight: 0.5 },
          { content: '3', is_answer: true, weight: 0.5 },
          { content: '4', is_answer: false, weight: -1 },
        ],
      }),
      q('true_or_false', {
        description: 'The earth is flat.',
        options: [
          { content: 'True', is_answer: false },
          { content: 'False', is_answer: true },
        ],
      }),
      q('true_or_false', {
        description: 'The sun rises in the east.',
        options: [
          { content: 'True', is_answer: true },
          { content: 'False', is_answer: false },
        ],
        answer_explanation: 'Because the earth spins eastward.',
      }),
      q('fill_in_blank', {
        description: 'Who wrote Hamlet? ____',
        blanks: [{ answers: ['Shakespeare', 'William Shakespeare'] }],
      }),
      q('single_selection', {
        description: 'The capital of Italy is ____ and it is old.',
        options: [
          { content: 'Rome', is_answer: true },
          { content: 'Milan', is_answer: false },
          { content: 'Naples', is_answer: false },
        ],
      }),
      q('fill_in_blank', {
        description: 'What is pi to two decimals? ____',
        // The tolerance, as written, in an answer the grader reads as a range.
        blanks: [{ answers: ['3.14±0.005'] }],
      }),
      q('fill_in_blank', {
        description: 'When was Moodle 1.0 released? ____',
        blanks: [{ answers: ['2002'] }],
      }),
      q('matching', {
        description: 'Match the countries and capitals.',
        options: [
          { content: 'Paris', is_answer: false },
          { content: 'Rome', is_answer: false },
          { content: 'Madrid', is_answer: false },
          { content: 'Lisbon', is_answer: false },
        ],
        pairs: [
          { content: 'France', option_index: 0 },
          { content: 'Italy', option_index: 1 },
          { content: 'Spain', option_index: 2 },
        ],
      }),
      q('short_answer', { description: 'Describe your summer.' }),
      q('single_selection', {
        description: 'Is 2 = 2 {really}: yes?',
        options: [
          { content: 'a ~ b', is_answer: true },
          { content: 'c#d', is_answer: false },
        ],
      }),
    ]);
  });

  it('keeps each title as the question’s note and files it under the $CATEGORY in force', () => {
    const { questions } = readGift(SAMPLE, { locale: 'en-US' });
    expect(questions.map((question) => question.note)).toEqual([
      'Capital',
      'Primes',
      'Flat earth',
      'Sun',
      null,
      null,
      'Pi',
      'Moodle',
      'Match',
      'Essay',
      'Escapes',
    ]);
    expect(new Set(questions.map((question) => question.category))).toEqual(
      new Set(['$course$/top/Geography']),
    );
    const { questions: filed } = readGift(
      '::A::One? {T}\n\n$CATEGORY: $course$/top/Unit 1/Part b\n\n::B::Two? {F}\n',
      { locale: 'en-US' },
    );
    expect(filed.map((question) => [question.note, question.category])).toEqual([
      ['A', null],
      ['B', '$course$/top/Unit 1/Part b'],
    ]);
  });

  it('cuts a title longer than a note may be, and says so on the question', () => {
    const long = 'n'.repeat(230);
    const [question] = readGift(`::${long}::Long? {T}`, { locale: 'en-US' }).questions;
    expect(question?.note).toBe('n'.repeat(200));
    expect(question?.notes.join(' ')).toContain('longer than 200 characters');
  });

  it('notes on each question the partly right answers a blank cannot keep, not on the file', () => {
    const { questions, warnings } = readGift(SAMPLE, { locale: 'en-US' });
    expect(warnings).toEqual([]);
    const partial = (name: string, answers: string) =>
      `"${name}": answers worth partial credit are not imported: ${answers}. A blank accepts only fully correct answers, so these score nothing after import.`;
    expect(
      questions.flatMap((question, index) => (question.notes.length > 0 ? [[index, question.notes]] : [])),
    ).toEqual([
      [4, [partial('question 5', 'Marlowe (50%)')]],
      [7, [partial('Moodle', '2001:1 (50%)')]],
    ]);
  });

  it('keeps a one-answer question’s near miss as a weight, and leaves all-or-nothing questions unweighted', () => {
    const { questions } = readGift(
      '::Capital:: Capital of Australia? {=Canberra ~%25%Sydney ~Melbourne}\n\n::Plain:: Pick one {=a ~b ~%-50%c}',
      { locale: 'en-US' },
    );
    expect(questions.map((question) => question.options)).toEqual([
      [
        { content: 'Canberra', is_answer: true, weight: 1 },
        { content: 'Sydney', is_answer: false, weight: 0.25 },
        { content: 'Melbourne', is_answer: false, weight: 0 },
      ],
      // A negative weight on a one-answer question takes nothing a wrong choice does not already take.
      [
        { content: 'a', is_answer: true },
        { content: 'b', is_answer: false },
        { content: 'c', is_answer: false },
      ],
    ]);
    expect(questions.flatMap((question) => question.notes)).toEqual([]);
  });

  it('uses the true/false words of the reader’s language', () => {
    const { questions } = readGift('地球是圆的。{T}', { locale: 'zh-CN' });
    expect(questions[0]?.options).toEqual([
      { content: '正确', is_answer: true },
      { content: '错误', is_answer: false },
    ]);
  });

  it('keeps [html] as written, escapes [plain], renders [markdown], and lets tags through Moodle’s auto format', () => {
    const text = [
      '[html]<p>Is <i>this</i> bold?</p>{T}',
      '',
      '[plain]Is <b> a tag?{T}',
      '',
      '[markdown]**Bold** & text{T}',
      '',
      'Is 1 < 2 <i>really</i>?\\nSecond line{T}',
      '',
      '::Range:: A number between 1 and 3 {#1..3}',
    ].join('\n');
    const { questions, warnings } = readGift(text, { locale: 'en-US' });
    expect(questions.map((question) => question.description)).toEqual([
      '<p>Is <i>this</i> bold?</p>',
      'Is &lt;b&gt; a tag?',
      '<strong>Bold</strong> &amp; text',
      'Is 1 &lt; 2 <i>really</i>?<br>Second line',
      'A number between 1 and 3 ____',
    ]);
    expect(questions[4]?.blanks).toEqual([{ answers: ['1..3'] }]);
    expect(warnings).toEqual([]);
    expect(questions[4]?.notes).toEqual([]);
  });

  it('keeps numeric ranges and tolerances exactly as the file writes them, never as floating point', () => {
    const text = [
      '::Pi::Pi to three places? {#3.141..3.142}',
      '::Neg::{#-0.5..0.25}',
      '::Tol::{#3.14:0.005}',
      '::Exact::{#=0.3:0 =2.50}',
      '::Same::{#7..7}',
    ].join('\n\n');
    const { questions } = readGift(text, { locale: 'en-US' });
    expect(questions.map((question) => question.blanks)).toEqual([
      [{ answers: ['3.141..3.142'] }],
      [{ answers: ['-0.5..0.25'] }],
      [{ answers: ['3.14±0.005'] }],
      [{ answers: ['0.3', '2.50'] }],
      [{ answers: ['7'] }],
    ]);
  });

  it('renders Markdown’s inline marks and leaves lone asterisks alone', () => {
    const { questions } = readGift('[markdown]Use *emphasis*, `code` and 2 * 3 = 6.{T}', { locale: 'en-US' });
    expect(questions[0]?.description).toBe('Use <em>emphasis</em>, <code>code</code> and 2 * 3 = 6.');
  });

  it('gives every question Moodle’s default grade of 1 point', () => {
    const { questions } = readGift('Essay?{}\n\nSky is blue.{T}', { locale: 'en-US' });
    expect(questions.map((question) => question.point)).toEqual([1, 1]);
  });

  it('turns malformed questions into warnings with their line and reads the rest', () => {
    const text = [
      '::Broken:: No braces here', // 1
      '', // 2
      '::Unclosed:: What?', // 3
      '{=a ~b', // 4
      '', // 5
      '::Words:: What? {just some words}', // 6
      '', // 7
      '::Fine:: Yes? {T}', // 8
    ].join('\n');
    const { questions, warnings } = readGift(text, { locale: 'en-US' });
    expect(questions.map((question) => question.description)).toEqual(['Yes?']);
    expect(warnings).toEqual([
      'Line 1: this question has no answers in "{…}"; it is not imported.',
      'Line 3: the answers\' "{" has no closing "}"; this question is not imported.',
      'Line 6: the answers of this question (just some words) cannot be read; it is not imported.',
    ]);
  });
});
