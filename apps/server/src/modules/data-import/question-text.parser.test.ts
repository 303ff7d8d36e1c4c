import { describe, expect, it } from 'vitest';
import type { Locale } from '@lectern/contracts/common/locale';
import {
  IMPORTED_SUBJECT_TYPES,
  importTypesFor,
  type ImportedSubject,
  type ImportedSubjectType,
  type ImportedSubSubject,
} from '@lectern/contracts/data-import/data-import.schemas';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { translate } from '../../platform/messages.ts';
import { parseQuestionText } from './question-text.parser.ts';

/** Lines as Word paragraphs (mammoth's output); a table line stays a table. */
function html(lines: readonly string[]): string {
  return lines.map((line) => (line.startsWith('<table') ? line : `<p>${line}</p>`)).join('');
}

function parse(
  content: readonly string[] | string,
  locale: Locale = 'zh-CN',
  allowedTypes: readonly ImportedSubjectType[] = IMPORTED_SUBJECT_TYPES,
) {
  return parseQuestionText(typeof content === 'string' ? content : html(content), { locale, allowedTypes });
}

function only(content: readonly string[] | string, locale: Locale = 'zh-CN'): ImportedSubject {
  const { subjects } = parse(content, locale);
  expect(subjects).toHaveLength(1);
  return subjects[0]!;
}

/** What a teacher checks in the preview, compactly and exactly. */
function summary(s: ImportedSubject | ImportedSubSubject): unknown {
  return {
    type: s.type,
    description: s.description,
    point: s.point,
    options: s.options.map((o) => `${o.is_answer ? '*' : ''}${o.content}`),
    answer: s.answer,
    blanks: s.blanks.map((b) => b.answers),
    explanation: s.answer_explanation,
    difficulty: s.difficulty_level,
    knowledge: s.knowledge_node_names,
    errors: s.errors.map((e) => `${e.code}@${e.line}:${e.field}`),
    ...('sub_subjects' in s && s.sub_subjects.length > 0 ? { subs: s.sub_subjects.map(summary) } : {}),
  };
}

function errors(s: ImportedSubject | ImportedSubSubject): string[] {
  return s.errors.map((e) => `${e.code}@${e.line}:${e.field}`);
}

const base = {
  point: 0,
  options: [],
  answer: null,
  blanks: [],
  explanation: null,
  difficulty: 0,
  knowledge: [],
  errors: [],
};

describe('the example of the format doc', () => {
  it('gives the whole imported question', () => {
    const { subjects, warnings } = parse([
      '1. [单选题] 中国的首都是哪座城市？',
      'A. 上海',
      'B. 北京',
      'C. 广州',
      'D. 深圳',
      '答案：B',
      '解析：北京是中国的首都。',
      '分值：2',
      '难度：易',
      '知识点：地理；首都',
    ]);
    expect(warnings).toEqual([]);
    expect(subjects).toEqual([
      {
        type: 'single_selection',
        description: '中国的首都是哪座城市？',
        point: 2,
        sort: 1,
        difficulty_level: 3,
        options: [
          { sort: 0, content: '上海', is_answer: false },
          { sort: 1, content: '北京', is_answer: true },
          { sort: 2, content: '广州', is_answer: false },
          { sort: 3, content: '深圳', is_answer: false },
        ],
        answer: 'B',
        answer_explanation: '北京是中国的首都。',
        blanks: [],
        settings: {},
        knowledge_node_names: ['地理', '首都'],
        note: null,
        errors: [],
        warnings: [],
        number: '1',
        line: 1,
        category: null,
        sub_subjects: [],
      },
    ]);
  });

  it('keeps import notes as the question’s warnings, never as its text and never as an error', () => {
    const [subject, next] = parse([
      '1. 2 + 3 = ?',
      'A. 4',
      'B. 5',
      '答案：B',
      '导入提示：“Q”的部分得分（如 %50%）无法保留',
      'Import note: Feedback on individual answers is not imported (Q).',
      '2. Next?',
    ]).subjects;
    expect(next?.warnings).toEqual([]);
    expect(next?.description).toBe('Next?');
    expect(subject?.warnings).toEqual([
      '“Q”的部分得分（如 %50%）无法保留',
      'Feedback on individual answers is not imported (Q).',
    ]);
    expect(subject?.errors).toEqual([]);
    expect(subject?.description).toBe('2 + 3 = ?');
    expect(subject?.answer_explanation).toBeNull();
  });
});

describe('every question type in every language', () => {
  it('reads a Simplified Chinese paper', () => {
    const { subjects, warnings } = parse([
      '1. [单选题] 中国的首都是？',
      'A. 上海',
      'B. 北京',
      '答案：B',
      '2. 【多选题】下列哪些是哺乳动物？',
      'A. 鲸  B. 鲨鱼  C. 蝙蝠',
      '正确答案：A、C',
      '分数：3',
      '难度：中等',
      '3. （判断题）太阳从西边升起。',
      '答案：错误',
      '答案解析：太阳从东边升起。',
      '4. [填空题] 长江全长约____千米，流经____个省级行政区。',
      '答案：6300|6397；11',
      '5. [简答题] 简述光合作用的过程。',
      '参考答案：光反应；',
      '暗反应。',
      '难度：难',
      '6. [综合题] 阅读材料，回答问题。',
      '(1) [单选题] 材料的作者是？',
      'A. 甲',
      'B. 乙',
      '答案：A',
      '分值：2',
      '(2) [判断题] 材料是一首诗。',
      '答案：对',
      '分值：1',
      '7. [完形填空] 他____去了学校。',
      '(1) A. 昨天  B. 明天',
      '答案：A',
      '分值：1.5',
    ]);
    expect(warnings).toEqual([]);
    expect(subjects.map(summary)).toEqual([
      {
        ...base,
        type: 'single_selection',
        description: '中国的首都是？',
        options: ['上海', '*北京'],
        answer: 'B',
      },
      {
        ...base,
        type: 'multiple_selection',
        description: '下列哪些是哺乳动物？',
        point: 3,
        options: ['*鲸', '鲨鱼', '*蝙蝠'],
        answer: 'A、C',
        difficulty: 2,
      },
      {
        ...base,
        type: 'true_or_false',
        description: '太阳从西边升起。',
        options: ['正确', '*错误'],
        answer: '错误',
        explanation: '太阳从东边升起。',
      },
      {
        ...base,
        type: 'fill_in_blank',
        description: '长江全长约____千米，流经____个省级行政区。',
        answer: '6300|6397；11',
        blanks: [['6300', '6397'], ['11']],
      },
      {
        ...base,
        type: 'short_answer',
        description: '简述光合作用的过程。',
        answer: '<p>光反应；</p><p>暗反应。</p>',
        difficulty: 1,
      },
      {
        ...base,
        type: 'analysis',
        description: '阅读材料，回答问题。',
        point: 3,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: '材料的作者是？',
            point: 2,
            options: ['*甲', '乙'],
            answer: 'A',
          },
          {
            ...base,
            type: 'true_or_false',
            description: '材料是一首诗。',
            point: 1,
            options: ['*正确', '错误'],
            answer: '对',
          },
        ],
      },
      {
        ...base,
        type: 'cloze',
        description: '他____去了学校。',
        point: 1.5,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: '(1)',
            point: 1.5,
            options: ['*昨天', '明天'],
            answer: 'A',
          },
        ],
      },
    ]);
    expect(subjects.map((s) => [s.sort, s.number, s.line])).toEqual([
      [1, '1', 1],
      [2, '2', 5],
      [3, '3', 10],
      [4, '4', 13],
      [5, '5', 15],
      [6, '6', 19],
      [7, '7', 28],
    ]);
    expect(subjects[5]!.sub_subjects.map((s) => [s.sort, s.number, s.line])).toEqual([
      [1, '1', 20],
      [2, '2', 25],
    ]);
  });

  it('reads a Traditional Chinese paper', () => {
    const { subjects, warnings } = parse(
      [
        '1. 【單選題】臺灣最高的山是？',
        'A. 玉山',
        'B. 雪山',
        '答案：A',
        '詳解：玉山海拔 3952 公尺。',
        '配分：2',
        '難度：易',
        '知識點：地理；山岳',
        '2. 【多選題】下列哪些是哺乳類？',
        'A. 鯨魚  B. 鯊魚  C. 蝙蝠',
        '答案：AC',
        '3. 【是非題】太陽從東方升起。',
        '答案：○',
        '4. 【填充題】臺灣的首都是____。',
        '答案：臺北|台北',
        '5. 【問答題】請說明光合作用。',
        '參考答案：植物利用光能製造養分。',
        '6. 【題組】閱讀下文，回答問題。',
        '(1) 【單選題】作者是誰？',
        'A. 甲',
        'B. 乙',
        '答案：B',
        '分數：2',
        '(2) 【判斷題】本文是散文。',
        '答案：錯',
        '分數：1',
        '7. 【克漏字】I ____ to school yesterday.',
        '(1) A. go  B. went',
        '答案：B',
        '配分：1',
      ],
      'zh-TW',
    );
    expect(warnings).toEqual([]);
    expect(subjects.map(summary)).toEqual([
      {
        ...base,
        type: 'single_selection',
        description: '臺灣最高的山是？',
        point: 2,
        options: ['*玉山', '雪山'],
        answer: 'A',
        explanation: '玉山海拔 3952 公尺。',
        difficulty: 3,
        knowledge: ['地理', '山岳'],
      },
      {
        ...base,
        type: 'multiple_selection',
        description: '下列哪些是哺乳類？',
        options: ['*鯨魚', '鯊魚', '*蝙蝠'],
        answer: 'AC',
      },
      {
        ...base,
        type: 'true_or_false',
        description: '太陽從東方升起。',
        options: ['*正確', '錯誤'],
        answer: '○',
      },
      {
        ...base,
        type: 'fill_in_blank',
        description: '臺灣的首都是____。',
        answer: '臺北|台北',
        blanks: [['臺北', '台北']],
      },
      { ...base, type: 'short_answer', description: '請說明光合作用。', answer: '植物利用光能製造養分。' },
      {
        ...base,
        type: 'analysis',
        description: '閱讀下文，回答問題。',
        point: 3,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: '作者是誰？',
            point: 2,
            options: ['甲', '*乙'],
            answer: 'B',
          },
          {
            ...base,
            type: 'true_or_false',
            description: '本文是散文。',
            point: 1,
            options: ['正確', '*錯誤'],
            answer: '錯',
          },
        ],
      },
      {
        ...base,
        type: 'cloze',
        description: 'I ____ to school yesterday.',
        point: 1,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: '(1)',
            point: 1,
            options: ['go', '*went'],
            answer: 'B',
          },
        ],
      },
    ]);
  });

  it('reads an English paper, labels in any case', () => {
    const { subjects, warnings } = parse(
      [
        '1. [Single choice] What is the capital of France?',
        'A. Paris',
        'B. Rome',
        'answer: a',
        'Explanation: Paris has been the capital since 508.',
        'POINTS: 2',
        'Difficulty: Easy',
        'Knowledge points: Geography; Capitals',
        '2. [Multiple choice] Which are prime?',
        'A. 2  B. 3  C. 4',
        'Correct answer: A, B',
        'Score: 3',
        'Difficulty: medium',
        '3. [True or false] The sun rises in the east.',
        'Answer: T',
        '4. [Fill in the blank] ____ is the capital of Italy.',
        'Answer: Rome',
        '5. [Essay] Explain photosynthesis.',
        'Key: Plants make food from light.',
        '6. [Comprehension] Read the text.',
        '(1) [Single] Who wrote it?',
        'A. Ann',
        'B. Bob',
        'Answer: B',
        'Points: 2',
        '(2) [Blank] It was written in ____.',
        'Answer: 1990',
        'Points: 3',
        '7. [Cloze] She ____ home.',
        '(1) A. go  B. went',
        'Answer: B',
        'Points: 1',
      ],
      'en-US',
    );
    expect(warnings).toEqual([]);
    expect(subjects.map(summary)).toEqual([
      {
        ...base,
        type: 'single_selection',
        description: 'What is the capital of France?',
        point: 2,
        options: ['*Paris', 'Rome'],
        answer: 'a',
        explanation: 'Paris has been the capital since 508.',
        difficulty: 3,
        knowledge: ['Geography', 'Capitals'],
      },
      {
        ...base,
        type: 'multiple_selection',
        description: 'Which are prime?',
        point: 3,
        options: ['*2', '*3', '4'],
        answer: 'A, B',
        difficulty: 2,
      },
      {
        ...base,
        type: 'true_or_false',
        description: 'The sun rises in the east.',
        options: ['*True', 'False'],
        answer: 'T',
      },
      {
        ...base,
        type: 'fill_in_blank',
        description: '____ is the capital of Italy.',
        answer: 'Rome',
        blanks: [['Rome']],
      },
      {
        ...base,
        type: 'short_answer',
        description: 'Explain photosynthesis.',
        answer: 'Plants make food from light.',
      },
      {
        ...base,
        type: 'analysis',
        description: 'Read the text.',
        point: 5,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: 'Who wrote it?',
            point: 2,
            options: ['Ann', '*Bob'],
            answer: 'B',
          },
          {
            ...base,
            type: 'fill_in_blank',
            description: 'It was written in ____.',
            point: 3,
            answer: '1990',
            blanks: [['1990']],
          },
        ],
      },
      {
        ...base,
        type: 'cloze',
        description: 'She ____ home.',
        point: 1,
        subs: [
          {
            ...base,
            type: 'single_selection',
            description: '(1)',
            point: 1,
            options: ['go', '*went'],
            answer: 'B',
          },
        ],
      },
    ]);
  });

  it('accepts every language in any document and answers true/false in the words used', () => {
    const { subjects } = parse(
      [
        '1. [True/False] 地球是圆的。',
        '答案：√',
        '2. 【是非題】Water is wet.',
        'Answer: False',
        '3. [判断题] 是吗？',
        '答案：是',
      ],
      'zh-TW',
    );
    expect(subjects.map((s) => s.options.map((o) => `${o.is_answer ? '*' : ''}${o.content}`))).toEqual([
      ['*正确', '错误'],
      ['True', '*False'],
      ['*正確', '錯誤'],
    ]);
  });
});

describe('types without a tag', () => {
  it('are inferred from options, answer, blanks and sub-questions', () => {
    const { subjects } = parse([
      '1. 一个答案字母是单选题',
      'A. 甲',
      'B. 乙',
      '答案：A',
      '2. 几个答案字母是多选题',
      'A. 甲',
      'B. 乙',
      '答案：a b',
      '3. 没有选项、答案是判断词的是判断题',
      '答案：×',
      '4. 有空的是填空题：____',
      '答案：空',
      '5. 都没有的是简答题',
      '答案：参考答案',
      '6. 有小题的是综合题',
      '(1) 小题一',
      'A. 甲',
      'B. 乙',
      '答案：B',
      '(2) 小题二',
      '答案：是',
    ]);
    expect(subjects.map((s) => s.type)).toEqual([
      'single_selection',
      'multiple_selection',
      'true_or_false',
      'fill_in_blank',
      'short_answer',
      'analysis',
    ]);
    expect(subjects[1]!.options.map((o) => o.is_answer)).toEqual([true, true]);
    expect(subjects[5]!.sub_subjects.map((s) => s.type)).toEqual(['single_selection', 'true_or_false']);
  });

  it('keeps a short answer whose text has no answer at all, without errors', () => {
    expect(summary(only(['1. 谈谈你的看法。']))).toEqual({
      ...base,
      type: 'short_answer',
      description: '谈谈你的看法。',
    });
  });
});

describe('sections', () => {
  it('set the type and default points of the questions under them; a tag and a points line still win', () => {
    const { subjects, warnings } = parse([
      '一、单选题（每题2分，共4分）',
      '1. 甲？',
      'A. 是',
      'B. 否',
      '答案：A',
      '2. 乙？',
      'A. 是',
      'B. 否',
      '答案：B',
      '分值：3',
      '二、判断题，每题 1 分',
      '1. 丙。',
      '答案：对',
      '2. [简答题] 丁？',
      'Part 3: Multiple choice (each 2.5 points)',
      '1. Which?',
      'A. x  B. y',
      'Answer: AB',
      '三、计算题',
      '1. 1 + 1 = ____',
      '答案：2',
    ]);
    expect(warnings).toEqual([]);
    expect(subjects.map((s) => [s.type, s.point, s.errors.length])).toEqual([
      ['single_selection', 2, 0],
      ['single_selection', 3, 0],
      ['true_or_false', 1, 0],
      ['short_answer', 1, 0],
      ['multiple_selection', 2.5, 0],
      ['fill_in_blank', 0, 0],
    ]);
    expect(subjects.map((s) => s.sort)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('give a cloze section’s points to each blank', () => {
    const s = only([
      '五、完形填空（每小题1分）',
      '1. He ____ and ____.',
      '(1) A. ran  B. run',
      '答案：A',
      '(2) A. sat  B. sit',
      '答案：A',
    ]);
    expect([s.type, s.point, s.sub_subjects.map((sub) => sub.point)]).toEqual(['cloze', 2, [1, 1]]);
  });
});

describe('lines and markers', () => {
  it('treats full-width digits, letters, punctuation and spaces as half-width, keeping the text as written', () => {
    const s = only([
      '１．［单选题］中国的首都？',
      'Ａ．上海',
      'Ｂ：北京',
      '答案：Ｂ',
      '分值：２分',
      '难度：中',
    ]);
    expect(summary(s)).toEqual({
      ...base,
      type: 'single_selection',
      description: '中国的首都？',
      point: 2,
      options: ['上海', '*北京'],
      answer: 'Ｂ',
      difficulty: 2,
    });
    expect(s.number).toBe('１');
  });

  it('reads every question number and option separator', () => {
    const { subjects } = parse([
      '1、甲',
      'A、x',
      'B) y',
      '答案：A',
      '2) 乙',
      'A）x',
      'B．y',
      '答案：B',
      '3）丙',
      'A: x',
      'B： y',
      '答案：A',
    ]);
    expect(subjects.map((s) => [s.number, s.description, s.options.map((o) => o.content)])).toEqual([
      ['1', '甲', ['x', 'y']],
      ['2', '乙', ['x', 'y']],
      ['3', '丙', ['x', 'y']],
    ]);
  });

  it('splits several options on one line only where the next letter follows whitespace, in order', () => {
    const s = only(['1. 选哪个？', 'A. 1  B. 2\u3000C. 3&nbsp;D. Plan B. later', '答案：D']);
    expect(s.options.map((o) => o.content)).toEqual(['1', '2', '3', 'Plan B. later']);
    const t = only(['1. 选哪个？', 'A. x C. y', 'B. z', '答案：A']);
    expect(t.options.map((o) => o.content)).toEqual(['x C. y', 'z']);
  });

  it('reads 【答案】 and [Answer] labels', () => {
    const s = only([
      '1. 中国的首都？',
      'A. 上海',
      'B. 北京',
      '【答案】B',
      '【解析】北京。',
      '【分值】2',
      '[Difficulty] Hard',
    ]);
    expect([s.answer, s.answer_explanation, s.point, s.difficulty_level]).toEqual(['B', '北京。', 2, 1]);
  });

  it('does not take a decimal number in a stem for a question number', () => {
    const s = only(['1. 计算：', '2.5 + 1 = ?', '答案：3.5']);
    expect([s.type, s.description, s.answer]).toEqual([
      'short_answer',
      '<p>计算：</p><p>2.5 + 1 = ?</p>',
      '3.5',
    ]);
  });

  it('keeps lines starting with a letter in an explanation (they are not options)', () => {
    const s = only(['1. 选哪个？', 'A. 甲', 'B. 乙', '答案：A', '解析：', 'A. 对，因为……', 'B. 错，因为……']);
    expect(s.options).toHaveLength(2);
    expect(s.answer_explanation).toBe('<p>A. 对，因为……</p><p>B. 错，因为……</p>');
  });

  it('removes the marker and its formatting but keeps the rest of the formatting', () => {
    const s = only([
      '<strong>1.</strong> [单选题] <strong>加粗</strong>的<em>题干</em>H<sub>2</sub>O',
      '<b>A.</b> <u>下划线</u>',
      'B. x<sup>2</sup>',
      '<strong>答案：</strong>A',
    ]);
    expect(s.description).toBe('<strong>加粗</strong>的<em>题干</em>H<sub>2</sub>O');
    expect(s.options.map((o) => o.content)).toEqual(['<u>下划线</u>', 'x<sup>2</sup>']);
    expect(s.answer).toBe('A');
  });

  it('normalises each blank mark to ____ in the text', () => {
    const s = only(['1. [填空题] 北京是______的首都，位于＿＿＿＿部。', '答案：中国；北']);
    expect(s.description).toBe('北京是____的首都，位于____部。');
    expect(s.blanks).toEqual([
      { sort: 0, answers: ['中国'] },
      { sort: 1, answers: ['北'] },
    ]);
  });
});

describe('multi-line parts, tables, pictures and equations', () => {
  const table = '<table><tbody><tr><td>年份</td><td>产量</td></tr></tbody></table>';

  it('puts each in the part that is open, several lines each in a <p>', () => {
    const s = only([
      '1. [简答题] 根据下表回答：',
      table,
      '说明产量变化的原因。<img src="/api/uploads/3/blob" alt="图">',
      '答案：第一，',
      table,
      '第二，<math><mi>x</mi><mo>=</mo><mn>2</mn></math>',
      '解析：见<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>',
      '第二段解析',
    ]);
    expect(s.description).toBe(
      `<p>根据下表回答：</p>${table}<p>说明产量变化的原因。<img src="/api/uploads/3/blob" alt="图" /></p>`,
    );
    expect(s.answer).toBe(`<p>第一，</p>${table}<p>第二，<math><mi>x</mi><mo>=</mo><mn>2</mn></math></p>`);
    expect(s.answer_explanation).toBe(
      '<p>见<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math></p><p>第二段解析</p>',
    );
    expect(s.errors).toEqual([]);
  });

  it('keeps a picture option and continues an option over lines', () => {
    const s = only(['1. 哪个是地图？', 'A. <img src="/api/uploads/9/blob">', 'B. 文字', '第二行', '答案：A']);
    expect(s.options.map((o) => o.content)).toEqual([
      '<img src="/api/uploads/9/blob" />',
      '<p>文字</p><p>第二行</p>',
    ]);
    expect(s.errors).toEqual([]);
  });

  it('reads an equation in a blank’s answer as its text', () => {
    const s = only(['1. [填空题] 方程的解是____。', '答案：<math><mi>x</mi><mo>=</mo><mn>2</mn></math>']);
    expect(s.blanks).toEqual([{ sort: 0, answers: ['x=2'] }]);
  });
});

describe('input forms', () => {
  const lines = ['1. [单选题] 1 < 2 & 3 > 2？', 'A. 对', 'B. 错', '答案：A', '2. 简述。', '答案：略'];

  it('reads plain text the same as Word paragraphs', () => {
    const fromText = parseQuestionText(lines.join('\n'), {
      locale: 'zh-CN',
      allowedTypes: IMPORTED_SUBJECT_TYPES,
    });
    const fromHtml = parse(
      lines.map((l) => l.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
    );
    expect(fromText).toEqual(fromHtml);
    expect(fromText.subjects[0]!.description).toBe('1 &lt; 2 &amp; 3 &gt; 2？');
  });

  it('reads content the same after the server’s sanitiser, and its parts pass the sanitiser unchanged', () => {
    const content = html([
      '<strong>1.</strong> [单选题] 中国的<em>首都</em>是？<img src="/api/uploads/1/blob" alt="地图">',
      'A. <u>上海</u>&nbsp;&nbsp;B. "北京"',
      '答案：B',
      '2. [简答题] a &lt; b?',
      '<table><tbody><tr><td>x &amp; y</td></tr></tbody></table>',
      '答案：<a href="https://example.com/?a=1&amp;b=2">链接</a>',
    ]);
    const direct = parse(content);
    expect(parse(sanitizeUserHtml(content))).toEqual(direct);
    const parts = direct.subjects.flatMap((s) => [
      s.description,
      s.answer ?? '',
      ...s.options.map((o) => o.content),
    ]);
    expect(parts.map((part) => sanitizeUserHtml(part))).toEqual(parts);
  });

  it('reads what a browser’s editor produces, empty lines counted', () => {
    const { subjects } = parse(
      '1. [单选题] 中国的首都？<div>A. <span>上海</span></div><div>B. 北京</div><div><br></div><div>答案：B</div><div>2. 简述。</div>',
    );
    expect(subjects.map(summary)).toEqual([
      {
        ...base,
        type: 'single_selection',
        description: '中国的首都？',
        options: ['上海', '*北京'],
        answer: 'B',
      },
      { ...base, type: 'short_answer', description: '简述。' },
    ]);
    expect(subjects.map((s) => s.line)).toEqual([1, 6]);
  });
});

describe('points', () => {
  const pointsOf = (value: string) => only(['1. 简述。', `分值：${value}`]);

  it('reads 2, 1.5, 2分, 2 points and 0', () => {
    expect(['2', '1.5', '2分', '2 points', '0'].map((v) => pointsOf(v).point)).toEqual([2, 1.5, 2, 2, 0]);
  });

  it('refuses words, negative numbers, two decimals and more than 1000', () => {
    for (const value of ['two', '-1', '1.25', '1001', '']) {
      const s = pointsOf(value);
      expect([s.point, errors(s)]).toEqual([0, ['pointInvalid@2:point']]);
    }
    expect(pointsOf('two').errors[0]!.message).toBe(
      '第 1 题（第 2 行）：分值“two”无效，应为 0 到 1000 之间、最多一位小数的数字',
    );
  });

  it('gives a stem the sum of its sub-questions and reports a different points line', () => {
    const s = only([
      '1. [综合题] 材料',
      '分值：10',
      '(1) 小题一',
      '答案：略',
      '分值：2.5',
      '(2) 小题二',
      '答案：略',
      '分值：1.5',
    ]);
    expect(s.point).toBe(4);
    expect(s.errors.map((e) => [e.code, e.line, e.field, e.message])).toEqual([
      ['invalid', 2, 'point', '第 1 题（第 2 行）：分值写的是 10，但各小题分值之和是 4'],
    ]);
  });
});

describe('warnings', () => {
  it('name the text before the first question and after a section heading', () => {
    const { warnings } = parse([
      '2024 年期末考试',
      '',
      '考试时间：90 分钟',
      '1. 简述。',
      '一、判断题',
      '本题共 5 题',
      '1. 对吗？',
      '答案：对',
    ]);
    expect(warnings).toEqual([
      '第 1–3 行（“2024 年期末考试”…）不属于任何题目，未导入',
      '第 6 行“本题共 5 题”不属于任何题目，未导入',
    ]);
  });

  it('are in the reader’s language', () => {
    expect(parse(['Final exam', '1. Explain.'], 'en-US').warnings).toEqual([
      'Line 1 ("Final exam") is not part of any question and was not imported.',
    ]);
    expect(parse(['期末考試', '說明', '1. 說明。'], 'zh-TW').warnings).toEqual([
      '第 1–2 行（「期末考試」…）不屬於任何題目，未匯入',
    ]);
  });
});

describe('errors', () => {
  it('unknownType: a bracketed tag that names no type', () => {
    const s = only(['1. [作图题] 画出', '答案：见图']);
    expect(errors(s)).toEqual(['unknownType@1:type']);
    expect(s.errors[0]!.message).toBe('第 1 题（第 1 行）：无法识别题型“作图题”');
  });

  it('typeNotAllowed: a classroom exam takes stand-alone questions only', () => {
    const { subjects } = parse(
      ['1. [Analysis] Read.', '(1) Why?', 'Answer: Because.', '2. Explain.'],
      'en-US',
      importTypesFor('classroom'),
    );
    expect(subjects.map(errors)).toEqual([['typeNotAllowed@1:type'], []]);
    expect(subjects[0]!.errors[0]!.message).toBe(
      'Question 1, line 1: Analysis questions cannot be imported here; a classroom exam takes single choice, multiple choice, true or false, fill in the blank and short answer questions only.',
    );
  });

  it('descriptionMissing', () => {
    expect(errors(only(['1. [单选题]', 'A. x', 'B. y', '答案：A']))).toEqual([
      'descriptionMissing@1:description',
    ]);
  });

  it('optionsMissing', () => {
    expect(errors(only(['1. [多选题] 选哪些？', '答案：AB']))).toEqual(['optionsMissing@1:options']);
  });

  it('optionOrder', () => {
    const s = only(['1. 选哪个？', 'A. x', 'B. y', 'D. z', '答案：A']);
    expect(errors(s)).toEqual(['optionOrder@4:options']);
    expect(s.errors[0]!.message).toBe('第 1 题（第 4 行）：选项 D 的顺序不对，这里应是选项 C');
  });

  it('answerMissing', () => {
    expect(errors(only(['1. 选哪个？', 'A. x', 'B. y']))).toEqual(['answerMissing@1:answer']);
    expect(errors(only(['1. [判断题] 对吗？', '答案：']))).toEqual(['answerMissing@2:answer']);
    expect(errors(only(['1. [填空题] ____', '分值：1']))).toEqual(['answerMissing@1:answer']);
  });

  it('answerInvalid: not an option, not letters, not a true/false word', () => {
    const notOption = only(['1. 选哪个？', 'A. x', 'B. y', '答案：C']);
    expect(errors(notOption)).toEqual(['answerInvalid@4:answer']);
    expect(notOption.errors[0]!.message).toBe('第 1 题（第 4 行）：答案 C 不是本题的选项');
    expect(errors(only(['1. 选哪个？', 'A. x', 'B. y', '答案：北京']))).toEqual(['answerInvalid@4:answer']);
    const notTrueFalse = only(['1. [判断题] 对吗？', '答案：也许'], 'en-US');
    expect(errors(notTrueFalse)).toEqual(['answerInvalid@2:answer']);
    expect(notTrueFalse.errors[0]!.message).toBe(
      'Question 1, line 2: the answer "也许" of a true or false question should be True or False.',
    );
    expect(notTrueFalse.options.map((o) => o.is_answer)).toEqual([false, false]);
  });

  it('singleAnswerOnly', () => {
    const s = only(['1. [单选题] 选哪个？', 'A. x', 'B. y', '答案：A,B']);
    expect(errors(s)).toEqual(['singleAnswerOnly@4:answer']);
    expect(s.errors[0]!.message).toBe('第 1 题（第 4 行）：单选题只能有一个答案，这里写了 AB');
  });

  it('blankCountMismatch', () => {
    const s = only(['1. ____和____', '答案：甲'], 'zh-TW');
    expect(errors(s)).toEqual(['blankCountMismatch@2:blanks']);
    expect(s.errors[0]!.message).toBe('第 1 題（第 2 行）：題目中有 2 個空格，答案卻有 1 個');
    expect(s.blanks).toEqual([{ sort: 0, answers: ['甲'] }]);
  });

  it('pointInvalid and difficultyInvalid', () => {
    expect(errors(only(['1. 简述。', '分值：两分', '难度：很难']))).toEqual([
      'pointInvalid@2:point',
      'difficultyInvalid@3:difficulty_level',
    ]);
  });

  it('subQuestionsMissing', () => {
    expect(errors(only(['1. [综合题] 只有材料', '材料第二行']))).toEqual([
      'subQuestionsMissing@1:sub_subjects',
    ]);
  });

  it('clozeSingleOnly, on the sub-question, naming it', () => {
    const s = only(['1. [完形填空] He ____.', '(1) [多选题] 选', 'A. x', 'B. y', '答案：AB']);
    expect(errors(s)).toEqual([]);
    expect(errors(s.sub_subjects[0]!)).toEqual(['clozeSingleOnly@2:type']);
    expect(s.sub_subjects[0]!.errors[0]!.message).toBe('第 1(1) 题（第 2 行）：完形填空的小题只能是单选题');
  });

  it('duplicateLabel', () => {
    const s = only(['1. 选哪个？', 'A. x', 'B. y', '答案：A', 'Answer: B']);
    expect(errors(s)).toEqual(['duplicateLabel@5:answer']);
    expect(s.errors[0]!.message).toBe('第 1 题（第 5 行）：“Answer”重复出现');
    expect(s.options.map((o) => o.is_answer)).toEqual([true, false]);
  });

  it('unexpectedText after a one-line part, never dropped', () => {
    const s = only([
      '1. 选哪个？',
      'A. x',
      'B. y',
      '答案：A',
      '多出来的一行',
      '分值：2',
      '<table><tr><td>t</td></tr></table>',
    ]);
    expect(errors(s)).toEqual(['unexpectedText@5:answer', 'unexpectedText@7:point']);
    expect(s.errors.map((e) => e.message)).toEqual([
      '第 1 题（第 5 行）：无法识别的内容“多出来的一行”',
      '第 1 题（第 7 行）：无法识别的内容“t”',
    ]);
  });

  it('unexpectedText: options on a true/false question that are not a true and a false word', () => {
    const s = only(['1. [判断题] 对吗？', 'A. 北京', 'B. 上海', '答案：对']);
    expect(errors(s)).toEqual(['unexpectedText@2:options']);
  });

  it('invalid: any further rule of the question editor, in its words, where it applies', () => {
    const oneOption = only(['1. 选哪个？', 'A. x', '答案：A']);
    expect(oneOption.errors.map((e) => [e.code, e.line, e.field, e.message])).toEqual([
      ['invalid', 3, 'options', `第 1 题（第 3 行）：${translate('zh-CN', 'exams.optionsTooFew')}`],
    ]);
    const emptyOption = only(['1. 选哪个？', 'A.  B. y', '答案：B'], 'en-US');
    expect(emptyOption.errors.map((e) => [e.code, e.line, e.field, e.message])).toEqual([
      [
        'invalid',
        2,
        'options.0.content',
        `Question 1, line 2: ${translate('en-US', 'exams.optionContentRequired')}`,
      ],
    ]);
  });

  it('puts a sub-question’s errors on it, named after its question', () => {
    const s = only([
      '3. [综合题] 材料',
      '(1) [单选题] 选',
      'A. x',
      'B. y',
      '(2) [填空题] 没有空',
      '答案：甲',
    ]);
    expect(errors(s)).toEqual([]);
    expect(s.sub_subjects.map(errors)).toEqual([['answerMissing@2:answer'], ['blankCountMismatch@6:blanks']]);
    expect(s.sub_subjects[0]!.errors[0]!.message).toBe('第 3(1) 题（第 2 行）：缺少答案（如“答案：B”）');
  });
});

describe('a long document', () => {
  // How fast is measured by `npm run bench` (BENCH_ONLY=import), not here.
  it('reads 2,000 questions of every kind, numbered across formatting, without an error', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 500; i += 1) {
      lines.push(
        `<strong>${i * 4 - 3}.</strong> [单选题] 中国的<em>首都</em>是？<img src="/api/uploads/${i}/blob">`,
        'A. 上海&nbsp;&nbsp;B. 北京',
        'C. 广州',
        '答案：B',
        '解析：北京。',
        '分值：2',
        '难度：易',
        '知识点：地理；首都',
        `${i * 4 - 2}. 地球是圆的。`,
        '答案：对',
        `${i * 4 - 1}. 北京是____的首都。<math><mi>x</mi></math>`,
        '答案：中国|China',
        `${i * 4}. 简述。`,
        '<table><tr><td>a</td></tr></table>',
        '答案：',
        '第一点',
        '第二点',
      );
    }
    const content = html(lines);
    const { subjects } = parse(content);
    expect(subjects).toHaveLength(2000);
    expect(subjects.filter((s) => s.errors.length > 0)).toEqual([]);
    expect(subjects.slice(0, 4).map((s) => s.type)).toEqual([
      'single_selection',
      'true_or_false',
      'fill_in_blank',
      'short_answer',
    ]);
    expect(subjects.at(-1)).toMatchObject({ number: '2000', sort: 2000 });
  });
});

describe('papers as teachers write them (issue 19)', () => {
  const answersOf = (subjects: readonly ImportedSubject[]) =>
    subjects.map((s) => s.options.findIndex((o) => o.is_answer));

  it('fills answers and explanations from an answer key at the end, matched by number', () => {
    const { subjects, warnings } = parse([
      '1、栈的特点是（　）',
      'A．先进先出',
      'B．后进先出',
      '2、队列的特点是（　）',
      'A．先进先出',
      'B．后进先出',
      '参考答案',
      '1、参考答案：B',
      '解析：栈只在一端插入和删除。',
      '2、参考答案：A',
    ]);
    expect(subjects).toHaveLength(2);
    expect(subjects.map(errors)).toEqual([[], []]);
    expect(answersOf(subjects)).toEqual([1, 0]);
    expect(subjects[0]!.answer_explanation).toBe('栈只在一端插入和删除。');
    expect(warnings).toEqual(['第 7–10 行是答案部分，已按题号把答案和解析填入 2 道题']);
  });

  it('recognises a key by its shape without a heading, and 【答案】/【解析】 entries', () => {
    const { subjects } = parse([
      '1. 1+1=（　）',
      'A. 1 B. 2',
      '2. 2+2=（　）',
      'A. 4 B. 5',
      '1．【答案】B',
      '【解析】加法。',
      '2．【答案】A',
    ]);
    expect(subjects).toHaveLength(2);
    expect(answersOf(subjects)).toEqual([1, 0]);
    expect(subjects[0]!.answer_explanation).toBe('加法。');
  });

  it('reads key tables, "1-5 BBCBC" ranges and "1.A 2.B" lines', () => {
    const paper = ['1. a？', 'A. x B. y', '2. b？', 'A. x B. y', '3. c？', 'A. x B. y'];
    const table = parse([
      ...paper,
      '答案',
      '<table><tr><td>题号</td><td>1</td><td>2</td><td>3</td></tr><tr><td>答案</td><td>B</td><td>A</td><td>B</td></tr></table>',
    ]);
    expect(answersOf(table.subjects)).toEqual([1, 0, 1]);
    expect(answersOf(parse([...paper, '参考答案', '1-3 BAB']).subjects)).toEqual([1, 0, 1]);
    expect(answersOf(parse([...paper, '答案', '1.A 2.A 3.B']).subjects)).toEqual([0, 0, 1]);
  });

  it('does not take an answer label over a multi-line answer for a key', () => {
    const s = only(['1. 简述。', '答案：', '第一点', '第二点']);
    expect(s.type).toBe('short_answer');
    expect(s.answer).toBe('<p>第一点</p><p>第二点</p>');
  });

  it('imports two options that are a true and a false word as true or false, with the letter answer', () => {
    const { subjects } = parse([
      '1. 栈是先进先出的。',
      'A. 正确',
      'B. 错误',
      '答案：B',
      '2. TCP uses a three-way handshake.',
      'A. T    B. F',
      'Answer: A',
      '3. 对吗？',
      'A．√',
      'B．×',
      '【答案】A',
    ]);
    expect(subjects.map((s) => s.type)).toEqual(['true_or_false', 'true_or_false', 'true_or_false']);
    expect(subjects.map(errors)).toEqual([[], [], []]);
    expect(answersOf(subjects)).toEqual([1, 0, 0]);
  });

  it('reads label synonyms, points in the stem and (A) options', () => {
    const { subjects } = parse([
      '1. 操作系统的功能不包括（　）（5分）',
      '(A) 进程管理 (B) 文字处理',
      '答案说明：B',
      '2. Which is a fixed cost? (2 points)',
      'A) Rent',
      'B) Wages',
      'Ans: A',
      'Rationale: rent does not vary.',
    ]);
    expect(subjects.map(errors)).toEqual([[], []]);
    expect(subjects.map((s) => s.point)).toEqual([5, 2]);
    expect(answersOf(subjects)).toEqual([1, 0]);
    expect(subjects[1]!.answer_explanation).toBe('rent does not vary.');
  });

  it('reads options whose letters Word numbered on from the last question as A, B, …', () => {
    const { subjects } = parse(['1. 甲？', 'A. x', 'B. y', '答案：A', '2. 乙？', 'C. x', 'D. y', '答案：B']);
    expect(subjects.map(errors)).toEqual([[], []]);
    expect(subjects[1]!.options.map((o) => o.content)).toEqual(['x', 'y']);
    expect(answersOf(subjects)).toEqual([0, 1]);
  });

  it('says when numbered paragraphs with no answers or points are not a question paper', () => {
    const spec = ['课程设计说明书', '1. 系统应支持录入。', '2. 系统应支持查询。', '3. 系统应支持导出。'];
    expect(parse(spec, 'en-US').warnings).toContain(
      'These look like numbered paragraphs, not questions: no answers, no points, and no word like "question" or "answer". Check that this is a question paper.',
    );
    expect(parse(['1. 简述甲。', '2. 简述乙。', '3. 简述丙。', '4. 简答题写在答题纸上。']).warnings).toEqual(
      [],
    );
  });

  it('reads a matching question: numbered items, lettered options and a pairing answer', () => {
    const s = only([
      '1. [匹配题] 将国家与首都配对。',
      '(1) 法国',
      '(2) 日本',
      'A. 东京',
      'B. 巴黎',
      'C. 罗马',
      '答案：1-B；2-A',
    ]);
    expect(errors(s)).toEqual([]);
    expect(s.type).toBe('matching');
    expect(s.options.map((o) => o.content)).toEqual(['东京', '巴黎', '罗马']);
    expect(s.pairs).toEqual([
      { sort: 0, content: '法国', option_sort: 1 },
      { sort: 1, content: '日本', option_sort: 0 },
    ]);
    const wrong = only(
      ['1. [Matching] Pair.', '(1) a', '(2) b', 'A. x', 'B. y', 'Answer: 1-A; 2-D'],
      'en-US',
    );
    expect(errors(wrong)).toEqual(['answerInvalid@6:answer']);
  });

  it('reads an option credit line as the options’ weights, in every language', () => {
    const s = only([
      '1. [多选题] 哪些是质数？',
      'A. 2',
      'B. 3',
      'C. 4',
      'D. 9',
      '答案：AB',
      '选项得分：A 50%；B 50%；C -100%',
    ]);
    expect(errors(s)).toEqual([]);
    // Options the line leaves out earn nothing.
    expect(s.options.map((o) => [o.is_answer, o.weight])).toEqual([
      [true, 0.5],
      [true, 0.5],
      [false, -1],
      [false, 0],
    ]);
    const single = only(
      [
        '1. [Single choice] Capital of Australia?',
        'A. Canberra',
        'B. Sydney',
        'Answer: A',
        'Partial credit: A:100%, B=25%',
      ],
      'en-US',
    );
    expect(single.options.map((o) => o.weight)).toEqual([1, 0.25]);
    const tw = only(
      ['1. [單選題] 澳洲首都？', 'A. 坎培拉', 'B. 雪梨', '答案：A', '選項得分：A 100%；B 25%'],
      'zh-TW',
    );
    expect(tw.options.map((o) => o.weight)).toEqual([1, 0.25]);
    // Without the line a question grades all or nothing, as before.
    const plain = only(['1. [多选题] 哪些是质数？', 'A. 2', 'B. 3', 'C. 4', '答案：AB']);
    expect(plain.options.map((o) => o.weight)).toEqual([undefined, undefined, undefined]);
  });

  it('reports option credit that cannot be read, names no option, breaks the rules, or is on a type without options', () => {
    const unreadable = only(['1. [多选题] Q', 'A. 1', 'B. 2', '答案：AB', '选项得分：一半'], 'zh-CN');
    expect(errors(unreadable)).toEqual(['weightsInvalid@5:options']);
    const tooMuch = only(['1. [多选题] Q', 'A. 1', 'B. 2', '答案：AB', '选项得分：A 150%'], 'zh-CN');
    expect(errors(tooMuch)).toEqual(['weightsInvalid@5:options']);
    const noOption = only(['1. [多选题] Q', 'A. 1', 'B. 2', '答案：AB', '选项得分：A 50%；E 50%'], 'zh-CN');
    expect(errors(noOption)).toEqual(['answerInvalid@5:options']);
    // The answers' shares must make 100%: the question editor's own rule, said where the answer is.
    const short = only(
      ['1. [多选题] Q', 'A. 1', 'B. 2', 'C. 3', '答案：AB', '选项得分：A 50%；B 25%'],
      'zh-CN',
    );
    expect(errors(short)).toEqual(['invalid@5:options']);
    const blank = only(['1. [填空题] 圆周率约为____', '答案：3.14', '选项得分：A 50%'], 'zh-CN');
    expect(errors(blank)).toEqual(['weightsInvalid@3:options']);
  });

  it('keeps numeric ranges in a blank’s answers exactly as written', () => {
    const s = only(['1. [填空题] 圆周率约为____，e 约为____', '答案：3.14±0.01；2.71..2.72|e'], 'zh-CN');
    expect(errors(s)).toEqual([]);
    expect(s.blanks.map((b) => b.answers)).toEqual([['3.14±0.01'], ['2.71..2.72', 'e']]);
  });
});

describe('notes and categories', () => {
  it('reads a note and a category line in any language, the category as a path without Moodle’s root', () => {
    const [first, second] = parse(
      [
        '1. [判断题] 地球是圆的。',
        '答案：对',
        '备注：地理-01',
        '分类：$course$/top/地理 / 第一章',
        '2. [True or false] The sun is a star.',
        'Answer: True',
        'Note: astro &amp; &lt;stars&gt;',
        'Category: Science',
      ],
      'en-US',
    ).subjects;
    expect(first?.errors).toEqual([]);
    expect(first?.note).toBe('地理-01');
    expect(first?.category).toBe('地理/第一章');
    expect(second?.errors).toEqual([]);
    expect(second?.note).toBe('astro & <stars>');
    expect(second?.category).toBe('Science');
  });

  it('gives a question without those lines no note and no category', () => {
    const subject = only(['1. [判断题] 地球是圆的。', '答案：对']);
    expect(subject.note).toBeNull();
    expect(subject.category).toBeNull();
  });

  it('refuses a note longer than 200 characters on its line, and a second note line', () => {
    const long = only(['1. [判断题] 地球是圆的。', '答案：对', `备注：${'长'.repeat(201)}`]);
    expect(long.errors.map((e) => [e.field, e.line])).toEqual([['note', 3]]);
    const twice = only(['1. [判断题] 地球是圆的。', '答案：对', '备注：a', '備註：b']);
    expect(twice.errors.map((e) => e.code)).toEqual(['duplicateLabel']);
  });
});
