import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  allTemplateFiles,
  importTypesFor,
  type ImportBelong,
  type ImportedSubjectType,
  type TemplateLang,
} from '@lectern/contracts/data-import/data-import.schemas';
import { htmlToDocx } from './html-to-docx.writer.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';
import { renderQuestionText } from './question-text.writer.ts';

/**
 * The 18 import templates (spec 000 section 2): for each target, one worked example of every question type
 * it takes, in the template's language. A template is itself a valid import — zero errors, zero warnings —
 * so any guidance lives inside the questions' explanations, never as loose text.
 */

type Fields = Partial<Omit<QuestionModel, 'type'>>;

function question(type: QuestionModel['type'], fields: Fields): QuestionModel {
  return { ...emptyQuestion(type), ...fields };
}

/** Options from contents, the right ones by letter ("B", "AC"). */
function options(answer: string, ...contents: string[]): QuestionModel['options'] {
  return contents.map((content, i) => ({ content, is_answer: answer.includes(String.fromCharCode(65 + i)) }));
}

function trueFalse(isTrue: boolean, trueWord: string, falseWord: string): QuestionModel['options'] {
  return [
    { content: trueWord, is_answer: isTrue },
    { content: falseWord, is_answer: !isTrue },
  ];
}

function table(rows: string[][]): string {
  const [head = [], ...body] = rows;
  const cells = (tag: string, row: string[]) =>
    `<tr>${row.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  return `<table>${cells('th', head)}${body.map((row) => cells('td', row)).join('')}</table>`;
}

type Examples = Record<ImportedSubjectType, QuestionModel>;

const ZH_CN: Examples = {
  single_selection: question('single_selection', {
    description: '中华人民共和国的首都是<strong>哪座</strong>城市？',
    point: 5,
    difficulty_level: 3,
    options: options('B', '上海', '北京', '广州', '深圳'),
    answer_explanation: '北京是中华人民共和国的首都。单选题的答案写一个选项字母。',
    knowledge_node_names: ['地理', '首都'],
  }),
  multiple_selection: question('multiple_selection', {
    description: '下列数中，哪些是质数？',
    point: 5,
    difficulty_level: 2,
    options: options('AC', '2', '4', '7', '9'),
    answer_explanation: '2 和 7 只能被 1 和它本身整除。多选题的答案依次写出全部正确选项的字母，如 AC。',
    knowledge_node_names: ['数学', '质数'],
  }),
  true_or_false: question('true_or_false', {
    description: '光在真空中的传播速度约为 3×10<sup>8</sup> m/s。',
    point: 5,
    options: trueFalse(true, '正确', '错误'),
    answer_explanation: '判断题的答案写“正确”或“错误”，也可以写“对”“错”或“√”“×”。',
    knowledge_node_names: ['物理', '光学'],
  }),
  fill_in_blank: question('fill_in_blank', {
    description: '水的化学式是 ____，食盐的主要成分是 ____。',
    point: 10,
    blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: ['氯化钠', 'NaCl'] }],
    answer_explanation:
      '每个空用四条下划线表示；答案按空的顺序用“；”分隔，同一个空的多个可接受答案用“|”分隔。',
    knowledge_node_names: ['化学', '化学式'],
  }),
  short_answer: question('short_answer', {
    description: `<p>下表是某城市两个月的平均气温，请说明该城市冬夏气温差异大的主要原因。</p>${table([
      ['月份', '平均气温（℃）'],
      ['1 月', '-4'],
      ['7 月', '26'],
    ])}`,
    point: 15,
    difficulty_level: 1,
    answer: '<p>该城市冬冷夏热，气温年较差大。</p><p>主要原因是地处中纬度大陆内部，受季风影响明显。</p>',
    answer_explanation: '简答题的参考答案可以写成多行。',
    knowledge_node_names: ['地理', '气候'],
  }),
  analysis: question('analysis', {
    description:
      '<p>阅读下面的材料，回答问题。</p><p>“海内存知己，天涯若比邻。”出自唐代诗人王勃的《送杜少府之任蜀州》。</p>',
    sub_subjects: [
      question('single_selection', {
        description: '这两句诗的作者是谁？',
        point: 5,
        difficulty_level: 3,
        options: options('B', '李白', '王勃', '杜甫', '王维'),
        knowledge_node_names: ['语文', '古诗'],
      }),
      question('true_or_false', {
        description: '这首诗是一首送别诗。',
        point: 5,
        options: trueFalse(true, '正确', '错误'),
        knowledge_node_names: ['语文', '古诗'],
      }),
      question('short_answer', {
        description: '请用自己的话说明这两句诗表达的情感。',
        point: 10,
        answer: '真正的知己即使相隔遥远，也像邻居一样亲近，表达了诗人豁达的胸襟和真挚的友情。',
        answer_explanation: '综合题的每个小题用 (1)、(2) 编号，小题各写自己的答案和分值。',
        knowledge_node_names: ['语文', '阅读理解'],
      }),
    ],
  }),
  cloze: question('cloze', {
    description: '小明每天早上七点 __1__ 床，吃完早饭后 __2__ 公交车去学校。',
    sub_subjects: [
      question('single_selection', {
        description: '第 1 空',
        point: 5,
        options: options('A', '起', '上', '下'),
        knowledge_node_names: ['语文', '词语搭配'],
      }),
      question('single_selection', {
        description: '第 2 空',
        point: 5,
        options: options('B', '骑', '坐', '走'),
        answer_explanation: '完形填空的每个空是一道单选题。',
        knowledge_node_names: ['语文', '词语搭配'],
      }),
    ],
  }),
  matching: question('matching', {
    description: '将国家与首都配对。',
    point: 4,
    options: [
      { content: '东京', is_answer: false },
      { content: '巴黎', is_answer: false },
      { content: '罗马', is_answer: false },
    ],
    pairs: [
      { content: '法国', option_index: 1 },
      { content: '日本', option_index: 0 },
    ],
    answer_explanation: '匹配题左边用 (1)、(2) 编号，右边是选项，答案写成 1-B；2-A。',
  }),
};

const ZH_TW: Examples = {
  single_selection: question('single_selection', {
    description: '臺灣<strong>最高</strong>的山是哪一座？',
    point: 5,
    difficulty_level: 3,
    options: options('B', '阿里山', '玉山', '合歡山', '陽明山'),
    answer_explanation: '玉山主峰海拔約 3,952 公尺，是臺灣最高峰。單選題的答案寫一個選項字母。',
    knowledge_node_names: ['地理', '地形'],
  }),
  multiple_selection: question('multiple_selection', {
    description: '下列數中，哪些是質數？',
    point: 5,
    difficulty_level: 2,
    options: options('AC', '2', '4', '7', '9'),
    answer_explanation: '2 和 7 只能被 1 和它本身整除。多選題的答案依序寫出所有正確選項的字母，如 AC。',
    knowledge_node_names: ['數學', '質數'],
  }),
  true_or_false: question('true_or_false', {
    description: '光在真空中的傳播速度約為每秒 3×10<sup>8</sup> 公尺。',
    point: 5,
    options: trueFalse(true, '正確', '錯誤'),
    answer_explanation: '是非題的答案寫「正確」或「錯誤」，也可以寫「對」「錯」或「○」「X」。',
    knowledge_node_names: ['物理', '光學'],
  }),
  fill_in_blank: question('fill_in_blank', {
    description: '水的化學式是 ____，食鹽的主要成分是 ____。',
    point: 10,
    blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: ['氯化鈉', 'NaCl'] }],
    answer_explanation:
      '每個空格用四條底線表示；答案依空格順序用「；」分隔，同一空格的多個可接受答案用「|」分隔。',
    knowledge_node_names: ['化學', '化學式'],
  }),
  short_answer: question('short_answer', {
    description: `<p>下表是某城市兩個月的平均氣溫，請說明該城市冬夏氣溫差異大的主要原因。</p>${table([
      ['月份', '平均氣溫（℃）'],
      ['1 月', '-4'],
      ['7 月', '26'],
    ])}`,
    point: 15,
    difficulty_level: 1,
    answer: '<p>該城市冬冷夏熱，氣溫年較差大。</p><p>主要原因是位於中緯度大陸內部，受季風影響明顯。</p>',
    answer_explanation: '簡答題的參考答案可以寫成多行。',
    knowledge_node_names: ['地理', '氣候'],
  }),
  analysis: question('analysis', {
    description:
      '<p>閱讀下面的材料，回答問題。</p><p>「海內存知己，天涯若比鄰。」出自唐代詩人王勃的〈送杜少府之任蜀州〉。</p>',
    sub_subjects: [
      question('single_selection', {
        description: '這兩句詩的作者是誰？',
        point: 5,
        difficulty_level: 3,
        options: options('B', '李白', '王勃', '杜甫', '王維'),
        knowledge_node_names: ['國文', '唐詩'],
      }),
      question('true_or_false', {
        description: '這首詩是一首送別詩。',
        point: 5,
        options: trueFalse(true, '正確', '錯誤'),
        knowledge_node_names: ['國文', '唐詩'],
      }),
      question('short_answer', {
        description: '請用自己的話說明這兩句詩表達的情感。',
        point: 10,
        answer: '真正的知己即使相隔遙遠，也像鄰居一樣親近，表達了詩人豁達的胸襟與真摯的友情。',
        answer_explanation: '綜合題的每個小題用 (1)、(2) 編號，小題各自寫答案和分數。',
        knowledge_node_names: ['國文', '閱讀理解'],
      }),
    ],
  }),
  cloze: question('cloze', {
    description: '小明每天早上七點 __1__ 床，吃完早餐後 __2__ 公車去學校。',
    sub_subjects: [
      question('single_selection', {
        description: '第 1 格',
        point: 5,
        options: options('A', '起', '上', '下'),
        knowledge_node_names: ['國文', '詞語搭配'],
      }),
      question('single_selection', {
        description: '第 2 格',
        point: 5,
        options: options('B', '騎', '坐', '走'),
        answer_explanation: '克漏字的每一格是一道單選題。',
        knowledge_node_names: ['國文', '詞語搭配'],
      }),
    ],
  }),
  matching: question('matching', {
    description: '將國家與首都配對。',
    point: 4,
    options: [
      { content: '東京', is_answer: false },
      { content: '巴黎', is_answer: false },
      { content: '羅馬', is_answer: false },
    ],
    pairs: [
      { content: '法國', option_index: 1 },
      { content: '日本', option_index: 0 },
    ],
    answer_explanation: '配對題左邊用 (1)、(2) 編號，右邊是選項，答案寫成 1-B；2-A。',
  }),
};

const EN_US: Examples = {
  single_selection: question('single_selection', {
    description: 'Which planet is known as the <strong>Red</strong> Planet?',
    point: 5,
    difficulty_level: 3,
    options: options('B', 'Venus', 'Mars', 'Jupiter', 'Saturn'),
    answer_explanation:
      'Iron oxide on its surface makes Mars look red. A single choice takes one option letter.',
    knowledge_node_names: ['Astronomy', 'Planets'],
  }),
  multiple_selection: question('multiple_selection', {
    description: 'Which of these numbers are prime?',
    point: 5,
    difficulty_level: 2,
    options: options('AC', '2', '4', '7', '9'),
    answer_explanation:
      '2 and 7 divide only by 1 and themselves. A multiple choice lists every right letter, such as AC.',
    knowledge_node_names: ['Mathematics', 'Prime numbers'],
  }),
  true_or_false: question('true_or_false', {
    description: 'Light travels at about 3×10<sup>8</sup> m/s in a vacuum.',
    point: 5,
    options: trueFalse(true, 'True', 'False'),
    answer_explanation: 'A true or false question is answered True or False (T and F work too).',
    knowledge_node_names: ['Physics', 'Light'],
  }),
  fill_in_blank: question('fill_in_blank', {
    description: 'The chemical formula of water is ____, and table salt is mostly ____.',
    point: 10,
    blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: ['sodium chloride', 'NaCl'] }],
    answer_explanation:
      'Each blank is four underscores. The answers of the blanks are separated by ";" in order, and the accepted alternatives of one blank by "|".',
    knowledge_node_names: ['Chemistry', 'Formulas'],
  }),
  short_answer: question('short_answer', {
    description: `<p>The table shows a city's average temperature in two months. Explain why its winters and summers differ so much.</p>${table(
      [
        ['Month', 'Average temperature (°C)'],
        ['January', '-4'],
        ['July', '26'],
      ],
    )}`,
    point: 15,
    difficulty_level: 1,
    answer:
      '<p>The city has cold winters and hot summers: a large annual range.</p><p>It lies inland in the mid-latitudes, where the monsoon dominates.</p>',
    answer_explanation: 'A reference answer may run over several lines.',
    knowledge_node_names: ['Geography', 'Climate'],
  }),
  analysis: question('analysis', {
    description:
      '<p>Read the passage and answer the questions.</p><p>The Great Wall of China was built over many centuries to guard against invasions from the north. Its best-known sections date from the Ming dynasty.</p>',
    sub_subjects: [
      question('single_selection', {
        description: 'Which dynasty built the best-known sections?',
        point: 8,
        difficulty_level: 3,
        options: options('C', 'Qin', 'Han', 'Ming', 'Tang'),
        knowledge_node_names: ['History', 'Reading'],
      }),
      question('fill_in_blank', {
        description: 'The wall guarded against invasions from the ____.',
        point: 6,
        blanks: [{ answers: ['north'] }],
        knowledge_node_names: ['History', 'Reading'],
      }),
      question('true_or_false', {
        description: 'The Great Wall was built in a single year.',
        point: 6,
        options: trueFalse(false, 'True', 'False'),
        answer_explanation:
          'Number the sub-questions of an analysis (1), (2)…; each has its own answer and points.',
        knowledge_node_names: ['History', 'Reading'],
      }),
    ],
  }),
  cloze: question('cloze', {
    description: 'Tom __1__ to school by bus every day. Yesterday he __2__ late because the bus broke down.',
    sub_subjects: [
      question('single_selection', {
        description: 'Gap 1',
        point: 5,
        options: options('A', 'goes', 'go', 'going'),
        knowledge_node_names: ['English', 'Verb tenses'],
      }),
      question('single_selection', {
        description: 'Gap 2',
        point: 5,
        options: options('B', 'is', 'was', 'be'),
        answer_explanation: 'Each blank of a cloze is a single choice.',
        knowledge_node_names: ['English', 'Verb tenses'],
      }),
    ],
  }),
  matching: question('matching', {
    description: 'Match each country with its capital.',
    point: 4,
    options: [
      { content: 'Tokyo', is_answer: false },
      { content: 'Paris', is_answer: false },
      { content: 'Rome', is_answer: false },
    ],
    pairs: [
      { content: 'France', option_index: 1 },
      { content: 'Japan', option_index: 0 },
    ],
    answer_explanation:
      'Number the left-hand items (1), (2); the options are the right-hand column; answer 1-B; 2-A.',
  }),
};

const EXAMPLES: Record<TemplateLang, Examples> = { 'zh-cn': ZH_CN, 'zh-tw': ZH_TW, 'en-us': EN_US };

const TITLES: Record<TemplateLang, string> = {
  'zh-cn': '题目导入模板',
  'zh-tw': '題目匯入範本',
  'en-us': 'Question import template',
};

function withoutKnowledgeNodes(q: QuestionModel): QuestionModel {
  return { ...q, knowledge_node_names: [], sub_subjects: q.sub_subjects.map(withoutKnowledgeNodes) };
}

/** One worked example of every type the target takes, in `lang`. */
export function buildTemplateQuestions(
  belong: ImportBelong,
  withKnowledgeNode: boolean,
  lang: TemplateLang,
): QuestionModel[] {
  return importTypesFor(belong).map((type) => {
    const example = EXAMPLES[lang][type];
    return withKnowledgeNode ? example : withoutKnowledgeNodes(example);
  });
}

/** One template as a Word file. */
export async function buildTemplateDocx(
  belong: ImportBelong,
  withKnowledgeNode: boolean,
  lang: TemplateLang,
): Promise<Buffer> {
  const html = renderQuestionText(buildTemplateQuestions(belong, withKnowledgeNode, lang), lang, {
    knowledgeNodes: withKnowledgeNode,
  });
  return htmlToDocx(html, { title: TITLES[lang], loadImage: async () => null });
}

/** Writes every template into `dir` (created if missing); returns the files' paths. */
export async function generateImportTemplates(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const template of allTemplateFiles()) {
    const file = path.join(dir, template.name);
    await writeFile(
      file,
      await buildTemplateDocx(template.belong, template.withKnowledgeNode, template.lang),
    );
    written.push(file);
  }
  return written;
}
