import { describe, expect, it } from 'vitest';
import { emptyQuestion, type QuestionModel } from './question-model.ts';
import { renderQuestionText } from './question-text.writer.ts';

function q(type: QuestionModel['type'], fields: Partial<QuestionModel>): QuestionModel {
  return { ...emptyQuestion(type), ...fields };
}

const single = q('single_selection', {
  description: '<p>2 + 3 = ?</p>',
  point: 2,
  difficulty_level: 3,
  options: [
    { content: '<p>4</p>', is_answer: false },
    { content: '<p>5</p>', is_answer: true },
  ],
  answer_explanation: '<p>2 + 3 is 5.</p>',
  knowledge_node_names: ['add', 'numbers'],
});
const multiple = q('multiple_selection', {
  description: 'Even?',
  point: 1.5,
  difficulty_level: 2,
  options: [
    { content: '2', is_answer: true },
    { content: '3', is_answer: false },
    { content: '4', is_answer: true },
  ],
});
const trueFalse = q('true_or_false', {
  description: 'Water is wet.',
  point: 1,
  difficulty_level: 1,
  options: [
    { content: '正确', is_answer: false },
    { content: '错误', is_answer: true },
  ],
});
const blanks = q('fill_in_blank', {
  description: 'A ____ and B ____',
  point: 4,
  blanks: [{ answers: ['x', 'y'] }, { answers: ['z'] }],
});
const short = q('short_answer', {
  description: 'Why?',
  point: 5,
  answer: '<p>Because.</p><p>Really.</p>',
});
const analysis = q('analysis', {
  description: '<p>Read.</p>',
  sub_subjects: [
    q('single_selection', {
      description: 'Who?',
      point: 2,
      options: [
        { content: 'me', is_answer: true },
        { content: 'you', is_answer: false },
      ],
    }),
    q('true_or_false', {
      description: 'Sure?',
      point: 3,
      options: [
        { content: 'True', is_answer: true },
        { content: 'False', is_answer: false },
      ],
    }),
  ],
});
const cloze = q('cloze', {
  description: 'I __1__ home.',
  sub_subjects: [
    q('single_selection', {
      description: 'Gap 1',
      point: 2,
      options: [
        { content: 'go', is_answer: true },
        { content: 'goes', is_answer: false },
      ],
    }),
  ],
});
const matching = q('matching', {
  description: 'Pair them.',
  point: 2,
  options: [
    { content: 'dog', is_answer: false },
    { content: 'cat', is_answer: false },
  ],
  pairs: [
    { content: 'meow', option_index: 1 },
    { content: 'woof', option_index: 0 },
  ],
});
const paragraph = q('paragraph_desc', { description: '<p><strong>Part one</strong></p>' });

const ALL = [single, multiple, trueFalse, blanks, short, analysis, cloze, matching, paragraph];

function lines(html: string): string[] {
  return html.split(/(?<=<\/p>|<\/table>)/);
}

describe('renderQuestionText', () => {
  it('writes every type in Simplified Chinese, one paragraph per line', () => {
    expect(lines(renderQuestionText(ALL, 'zh-cn', { knowledgeNodes: true }))).toEqual([
      '<p>1. [单选题] 2 + 3 = ?</p>',
      '<p>A. 4</p>',
      '<p>B. 5</p>',
      '<p>答案：B</p>',
      '<p>解析：2 + 3 is 5.</p>',
      '<p>分值：2</p>',
      '<p>难度：易</p>',
      '<p>知识点：add；numbers</p>',
      '<p>2. [多选题] Even?</p>',
      '<p>A. 2</p>',
      '<p>B. 3</p>',
      '<p>C. 4</p>',
      '<p>答案：AC</p>',
      '<p>分值：1.5</p>',
      '<p>难度：中</p>',
      '<p>3. [判断题] Water is wet.</p>',
      '<p>答案：错误</p>',
      '<p>分值：1</p>',
      '<p>难度：难</p>',
      '<p>4. [填空题] A ____ and B ____</p>',
      '<p>答案：x|y；z</p>',
      '<p>分值：4</p>',
      '<p>5. [简答题] Why?</p>',
      '<p>答案：Because.</p>',
      '<p>Really.</p>',
      '<p>分值：5</p>',
      '<p>6. [综合题] Read.</p>',
      '<p>(1) [单选题] Who?</p>',
      '<p>A. me</p>',
      '<p>B. you</p>',
      '<p>答案：A</p>',
      '<p>分值：2</p>',
      '<p>(2) [判断题] Sure?</p>',
      '<p>答案：正确</p>',
      '<p>分值：3</p>',
      '<p>7. [完形填空] I __1__ home.</p>',
      '<p>(1) [单选题] Gap 1</p>',
      '<p>A. go</p>',
      '<p>B. goes</p>',
      '<p>答案：A</p>',
      '<p>分值：2</p>',
      '<p>8. [匹配题] Pair them.</p>',
      '<p>(1) meow</p>',
      '<p>(2) woof</p>',
      '<p>A. dog</p>',
      '<p>B. cat</p>',
      '<p>答案：1-B；2-A</p>',
      '<p>分值：2</p>',
      '<p>9. [段落说明] <strong>Part one</strong></p>',
    ]);
  });

  it('writes every type in Traditional Chinese with its own words', () => {
    const out = lines(renderQuestionText(ALL, 'zh-tw', { knowledgeNodes: true }));
    expect(out.filter((l) => /^<p>(\d+\.|\(\d+\)) \[/.test(l))).toEqual([
      '<p>1. [單選題] 2 + 3 = ?</p>',
      '<p>2. [多選題] Even?</p>',
      '<p>3. [是非題] Water is wet.</p>',
      '<p>4. [填空題] A ____ and B ____</p>',
      '<p>5. [簡答題] Why?</p>',
      '<p>6. [綜合題] Read.</p>',
      '<p>(1) [單選題] Who?</p>',
      '<p>(2) [是非題] Sure?</p>',
      '<p>7. [克漏字] I __1__ home.</p>',
      '<p>(1) [單選題] Gap 1</p>',
      '<p>8. [配對題] Pair them.</p>',
      '<p>9. [段落說明] <strong>Part one</strong></p>',
    ]);
    expect(out.slice(3, 8)).toEqual([
      '<p>答案：B</p>',
      '<p>解析：2 + 3 is 5.</p>',
      '<p>分數：2</p>',
      '<p>難度：易</p>',
      '<p>知識點：add；numbers</p>',
    ]);
    expect(out).toContain('<p>答案：錯誤</p>');
    expect(out).toContain('<p>答案：正確</p>');
    expect(out).toContain('<p>答案：x|y；z</p>');
  });

  it('writes every type in English with ": " labels and ";" separators', () => {
    expect(lines(renderQuestionText(ALL, 'en-us', { knowledgeNodes: true }))).toEqual([
      '<p>1. [Single choice] 2 + 3 = ?</p>',
      '<p>A. 4</p>',
      '<p>B. 5</p>',
      '<p>Answer: B</p>',
      '<p>Explanation: 2 + 3 is 5.</p>',
      '<p>Points: 2</p>',
      '<p>Difficulty: Easy</p>',
      '<p>Knowledge points: add; numbers</p>',
      '<p>2. [Multiple choice] Even?</p>',
      '<p>A. 2</p>',
      '<p>B. 3</p>',
      '<p>C. 4</p>',
      '<p>Answer: AC</p>',
      '<p>Points: 1.5</p>',
      '<p>Difficulty: Medium</p>',
      '<p>3. [True or false] Water is wet.</p>',
      '<p>Answer: False</p>',
      '<p>Points: 1</p>',
      '<p>Difficulty: Hard</p>',
      '<p>4. [Fill in the blank] A ____ and B ____</p>',
      '<p>Answer: x|y; z</p>',
      '<p>Points: 4</p>',
      '<p>5. [Short answer] Why?</p>',
      '<p>Answer: Because.</p>',
      '<p>Really.</p>',
      '<p>Points: 5</p>',
      '<p>6. [Analysis] Read.</p>',
      '<p>(1) [Single choice] Who?</p>',
      '<p>A. me</p>',
      '<p>B. you</p>',
      '<p>Answer: A</p>',
      '<p>Points: 2</p>',
      '<p>(2) [True or false] Sure?</p>',
      '<p>Answer: True</p>',
      '<p>Points: 3</p>',
      '<p>7. [Cloze] I __1__ home.</p>',
      '<p>(1) [Single choice] Gap 1</p>',
      '<p>A. go</p>',
      '<p>B. goes</p>',
      '<p>Answer: A</p>',
      '<p>Points: 2</p>',
      '<p>8. [Matching] Pair them.</p>',
      '<p>(1) meow</p>',
      '<p>(2) woof</p>',
      '<p>A. dog</p>',
      '<p>B. cat</p>',
      '<p>Answer: 1-B; 2-A</p>',
      '<p>Points: 2</p>',
      '<p>9. [Text block] <strong>Part one</strong></p>',
    ]);
  });

  it('leaves out knowledge points unless asked, and difficulty when none is set', () => {
    const out = renderQuestionText([single, { ...multiple, difficulty_level: 0 }], 'en-us', {
      knowledgeNodes: false,
    });
    expect(out).not.toMatch(/Knowledge points/);
    expect(out.match(/Difficulty/g)).toHaveLength(1);
  });

  it('keeps formatting, splits paragraphs and line breaks into lines, and keeps tables whole between them', () => {
    const stem = q('short_answer', {
      description:
        '<p>Look at <em>this <strong>table<br>now</strong></em>:</p>\n<table><tr><td>1</td><td>&lt;2&gt;</td></tr></table><p>  </p><p>Then <img src="/api/uploads/3/blob" alt="x"> and <math><mfrac><mi>a</mi><mn>2</mn></mfrac></math></p>',
      point: 1,
    });
    expect(lines(renderQuestionText([stem], 'en-us', { knowledgeNodes: false }))).toEqual([
      '<p>1. [Short answer] Look at <em>this <strong>table</strong></em></p>',
      '<p><em><strong>now</strong></em>:</p>',
      '<table><tr><td>1</td><td>&lt;2&gt;</td></tr></table>',
      '<p>Then <img src="/api/uploads/3/blob" alt="x"> and <math><mfrac><mi>a</mi><mn>2</mn></mfrac></math></p>',
      '<p>Points: 1</p>',
    ]);
  });

  it('puts the marker alone on its line when a part starts with a table', () => {
    const option = q('single_selection', {
      description: 'Which table?',
      point: 1,
      options: [
        { content: '<table><tr><td>a</td></tr></table>', is_answer: true },
        { content: 'none', is_answer: false },
      ],
    });
    expect(lines(renderQuestionText([option], 'zh-cn', { knowledgeNodes: false })).slice(1, 4)).toEqual([
      '<p>A.</p>',
      '<table><tr><td>a</td></tr></table>',
      '<p>B. none</p>',
    ]);
  });

  it('writes list items as bulleted lines that cannot be mistaken for question numbers', () => {
    const listed = q('short_answer', {
      description: '<p>Name:</p><ol><li>a river</li><li>a <b>lake</b></li></ol><ul><li>anything</li></ul>',
      point: 1,
    });
    expect(lines(renderQuestionText([listed], 'en-us', { knowledgeNodes: false })).slice(0, 4)).toEqual([
      '<p>1. [Short answer] Name:</p>',
      '<p>① a river</p>',
      '<p>② a <b>lake</b></p>',
      '<p>• anything</p>',
    ]);
  });

  it('escapes text from plain fields', () => {
    const out = renderQuestionText(
      [{ ...blanks, blanks: [{ answers: ['a<b'] }, { answers: ['R&D'] }], knowledge_node_names: ['x<y'] }],
      'en-us',
      { knowledgeNodes: true },
    );
    expect(out).toContain('<p>Answer: a&lt;b; R&amp;D</p>');
    expect(out).toContain('<p>Knowledge points: x&lt;y</p>');
  });

  it('writes what the question lost as import notes, one line each, after its other parts', () => {
    const out = renderQuestionText(
      [{ ...multiple, notes: ['"Q": partial credit <50%> lost', 'Feedback\nis not imported'] }],
      'en-us',
      { knowledgeNodes: false },
    );
    expect(out).toMatch(
      /<p>Points: 1\.5<\/p><p>Difficulty: Medium<\/p><p>Import note: "Q": partial credit &lt;50%&gt; lost<\/p><p>Import note: Feedback is not imported<\/p>$/,
    );
    expect(renderQuestionText([multiple], 'zh-cn', { knowledgeNodes: false })).not.toContain('导入提示');
  });

  it('reads a true/false answer by its word, whichever option holds it', () => {
    const reversed = q('true_or_false', {
      description: 'Sure?',
      point: 1,
      options: [
        { content: 'False', is_answer: true },
        { content: 'True', is_answer: false },
      ],
    });
    expect(renderQuestionText([reversed], 'zh-cn', { knowledgeNodes: false })).toContain('<p>答案：错误</p>');
  });

  it('writes partial credit as an option credit line, and numeric ranges as written', () => {
    const weighted = q('multiple_selection', {
      description: 'Primes?',
      point: 2,
      options: [
        { content: '2', is_answer: true, weight: 0.3333333 },
        { content: '3', is_answer: true, weight: 0.3333333 },
        { content: '5', is_answer: true, weight: 0.3333334 },
        { content: '4', is_answer: false, weight: -1 },
        { content: '9', is_answer: false, weight: 0 },
      ],
    });
    const range = q('fill_in_blank', {
      description: 'Pi is ____',
      point: 1,
      blanks: [{ answers: ['3.14±0.01', '3.141..3.142'] }],
    });
    expect(lines(renderQuestionText([weighted, range], 'zh-cn', { knowledgeNodes: false }))).toEqual([
      '<p>1. [多选题] Primes?</p>',
      '<p>A. 2</p>',
      '<p>B. 3</p>',
      '<p>C. 5</p>',
      '<p>D. 4</p>',
      '<p>E. 9</p>',
      '<p>答案：ABC</p>',
      '<p>选项得分：A 33.33333%；B 33.33333%；C 33.33334%；D -100%</p>',
      '<p>分值：2</p>',
      '<p>2. [填空题] Pi is ____</p>',
      '<p>答案：3.14±0.01|3.141..3.142</p>',
      '<p>分值：1</p>',
    ]);
    expect(renderQuestionText([weighted], 'en-us', { knowledgeNodes: false })).toContain(
      '<p>Option credit: A 33.33333%; B 33.33333%; C 33.33334%; D -100%</p>',
    );
    expect(renderQuestionText([multiple], 'en-us', { knowledgeNodes: false })).not.toContain('Option credit');
  });
});
