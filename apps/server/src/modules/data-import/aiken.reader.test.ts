import { describe, expect, it } from 'vitest';
import { readAiken } from './aiken.reader.ts';
import { emptyQuestion } from './question-model.ts';

describe('readAiken', () => {
  it('reads each question as a single choice, whether options end with "." or ")"', () => {
    const text = [
      'What is the capital of France?',
      'A. Paris',
      'B. London',
      'C. Berlin',
      'ANSWER: A',
      '',
      'Which of these is prime?',
      'A) 4',
      'B) 6',
      'C) 7',
      'D) 9',
      'ANSWER: C',
    ].join('\r\n');
    expect(readAiken(text, { locale: 'en-US' })).toEqual({
      questions: [
        {
          ...emptyQuestion('single_selection'),
          description: 'What is the capital of France?',
          options: [
            { content: 'Paris', is_answer: true },
            { content: 'London', is_answer: false },
            { content: 'Berlin', is_answer: false },
          ],
        },
        {
          ...emptyQuestion('single_selection'),
          description: 'Which of these is prime?',
          options: [
            { content: '4', is_answer: false },
            { content: '6', is_answer: false },
            { content: '7', is_answer: true },
            { content: '9', is_answer: false },
          ],
        },
      ],
      warnings: [],
    });
  });

  it('accepts options written "A)Text" with no space, where that letter is due', () => {
    const { questions, warnings } = readAiken('2 + 3 =\nA)4\nB)5\nANSWER: B\n', { locale: 'en-US' });
    expect(warnings).toEqual([]);
    expect(questions.map((q) => q.options)).toEqual([
      [
        { content: '4', is_answer: false },
        { content: '5', is_answer: true },
      ],
    ]);
  });

  it('keeps the text as text, escaping what HTML would read as markup, and joins stem lines', () => {
    const text = 'Is 1 < 2 && 3 > 2?\nPick one.\nA. yes <b>really</b>\nB. no\nANSWER: A\n';
    const [question] = readAiken(text, { locale: 'en-US' }).questions;
    expect(question?.description).toBe('Is 1 &lt; 2 &amp;&amp; 3 &gt; 2?<br>Pick one.');
    expect(question?.options[0]?.content).toBe('yes &lt;b&gt;really&lt;/b&gt;');
  });

  it('turns every block that is no question into a warning with its line and goes on reading', () => {
    const text = [
      'A title on its own', // 1
      '', // 2
      'Options out of order?', // 3
      'A. one', // 4
      'C. three', // 5
      'ANSWER: A', // 6
      '', // 7
      'Answer not among the options?', // 8
      'A. one', // 9
      'B. two', // 10
      'ANSWER: E', // 11
      '', // 12
      'A. an option first', // 13
      'B. and another', // 14
      'ANSWER: A', // 15
      '', // 16
      'A good one?', // 17
      'A. yes', // 18
      'B. no', // 19
      'ANSWER: B', // 20
      '', // 21
      'Forgot the answer line?', // 22
      'A. yes', // 23
      'B. no', // 24
    ].join('\n');
    const { questions, warnings } = readAiken(text, { locale: 'en-US' });
    // A question with options but no usable answer is kept, unanswered, with the loss noted on it.
    expect(questions.map((q) => [q.description, q.options.some((o) => o.is_answer), q.notes])).toEqual([
      [
        'Answer not among the options?',
        false,
        [
          'Line 11 of the file: the answer "E" is not one of the options: add the right answer before saving.',
        ],
      ],
      ['A good one?', true, []],
      [
        'Forgot the answer line?',
        false,
        [
          'This question (from line 22 of the file) has no "ANSWER: letter" line: add its answer before saving.',
        ],
      ],
    ]);
    expect(warnings).toEqual([
      'Line 1: this question needs at least two options (starting with A. or A)); it is not imported.',
      'Line 5: option C found where option B was expected; this question is not imported.',
      'Line 13: an option comes before any question text; this question is not imported.',
    ]);
  });

  it('notes a question’s missing answer on that question, followed by the next question', () => {
    const text = 'First?\nA. a\nB. b\nSecond?\nA. c\nB. d\nANSWER: B\n';
    const { questions, warnings } = readAiken(text, { locale: 'en-US' });
    expect(warnings).toEqual([]);
    expect(questions.map((q) => [q.description, q.notes.length])).toEqual([
      ['First?', 1],
      ['Second?', 0],
    ]);
  });

  it('writes its notes in the reader’s language', () => {
    const { questions, warnings } = readAiken('Question?\nA. a\nB. b\nANSWER: Z\n', { locale: 'zh-CN' });
    expect(warnings).toEqual([]);
    expect(questions[0]?.notes).toEqual(['文件第 4 行：答案“Z”不是这道题的一个选项：请在保存前补上正确答案']);
  });
});
