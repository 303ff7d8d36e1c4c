import type { TemplateLang } from './data-import.schemas.ts';
import type { ImportedSubjectType } from './data-import.schemas.ts';

/**
 * The vocabulary of the question text format (docs/data-import-format.md), per language. The parser
 * accepts every spelling of every language in any document (a teacher may mix them); the writer and the
 * templates use the first spelling of the document's language; the help pages show them.
 */
export type FormatVocabulary = {
  types: Record<ImportedSubjectType, readonly string[]>;
  answer: readonly string[];
  explanation: readonly string[];
  points: readonly string[];
  difficulty: readonly string[];
  knowledgeNodes: readonly string[];
  /**
   * Partial credit of a choice question's options ("选项得分：A 50%；B 50%；C -100%"): the share of the
   * points each option earns when chosen, as Moodle's answer fractions; options not listed earn nothing.
   */
  optionWeights: readonly string[];
  /**
   * A note the importer leaves on a question about what a file had that Lectern could not keep (partial
   * credit, a tolerance, a picture): one line, shown as a warning on that question's preview card, never saved.
   */
  notes: readonly string[];
  /** The teaching team's note on the question, stored with it (a Moodle or GIFT question name): one line. */
  questionNote: readonly string[];
  /**
   * Where the question is filed ("分类：期末/第一章", Moodle's category): one line, levels separated by "/".
   * A library import may create one library per category.
   */
  category: readonly string[];
  /** Difficulty words, by level: easy=3, medium=2, hard=1 (spec 000 section 3). */
  difficultyWords: { easy: readonly string[]; medium: readonly string[]; hard: readonly string[] };
  trueWords: readonly string[];
  falseWords: readonly string[];
};

export const FORMAT_VOCABULARY: Record<TemplateLang, FormatVocabulary> = {
  'zh-cn': {
    types: {
      single_selection: ['单选题', '单选', '单项选择题'],
      multiple_selection: ['多选题', '多选', '多项选择题'],
      true_or_false: ['判断题', '判断'],
      fill_in_blank: ['填空题', '填空'],
      short_answer: ['简答题', '简答', '问答题'],
      analysis: ['综合题', '材料题', '阅读理解'],
      cloze: ['完形填空', '完型填空'],
      matching: ['匹配题', '连线题', '配对题'],
    },
    answer: ['答案', '正确答案', '参考答案', '标准答案', '答案说明'],
    explanation: ['解析', '答案解析', '试题解析', '详解'],
    points: ['分值', '分数'],
    difficulty: ['难度'],
    knowledgeNodes: ['知识点'],
    optionWeights: ['选项得分', '部分得分'],
    notes: ['导入提示'],
    questionNote: ['备注', '题目名称'],
    category: ['分类', '题目分类'],
    difficultyWords: {
      easy: ['易', '简单', '容易'],
      medium: ['中', '中等', '适中'],
      hard: ['难', '困难', '较难'],
    },
    trueWords: ['正确', '对', '√', '✓', '是'],
    falseWords: ['错误', '错', '×', '✗', '否'],
  },
  'zh-tw': {
    types: {
      single_selection: ['單選題', '單選', '單項選擇題'],
      multiple_selection: ['多選題', '多選', '多項選擇題'],
      true_or_false: ['是非題', '判斷題', '是非'],
      fill_in_blank: ['填空題', '填充題', '填空'],
      short_answer: ['簡答題', '簡答', '問答題'],
      analysis: ['綜合題', '題組', '閱讀測驗'],
      cloze: ['克漏字', '完形填空'],
      matching: ['配對題', '配合題', '連連看'],
    },
    answer: ['答案', '正確答案', '參考答案', '標準答案', '答案說明'],
    explanation: ['解析', '詳解', '答案解析', '試題解析'],
    points: ['分數', '配分', '分值'],
    difficulty: ['難度'],
    knowledgeNodes: ['知識點'],
    optionWeights: ['選項得分', '部分得分'],
    notes: ['匯入提示'],
    questionNote: ['備註', '題目名稱'],
    category: ['分類', '題目分類'],
    difficultyWords: {
      easy: ['易', '簡單', '容易'],
      medium: ['中', '中等', '適中'],
      hard: ['難', '困難', '較難'],
    },
    trueWords: ['正確', '對', '是', '○', 'O'],
    falseWords: ['錯誤', '錯', '非', '否', 'X'],
  },
  'en-us': {
    types: {
      single_selection: ['Single choice', 'Single'],
      multiple_selection: ['Multiple choice', 'Multiple'],
      true_or_false: ['True or false', 'True/False', 'True-false'],
      fill_in_blank: ['Fill in the blank', 'Fill in the blanks', 'Fill-in-the-blank', 'Blank'],
      short_answer: ['Short answer', 'Essay'],
      analysis: ['Analysis', 'Comprehension'],
      cloze: ['Cloze'],
      matching: ['Matching'],
    },
    answer: ['Answer', 'Correct answer', 'Key', 'Ans'],
    explanation: ['Explanation', 'Rationale'],
    points: ['Points', 'Point', 'Score'],
    difficulty: ['Difficulty'],
    knowledgeNodes: ['Knowledge points', 'Knowledge point', 'Knowledge nodes'],
    optionWeights: ['Option credit', 'Partial credit'],
    notes: ['Import note'],
    questionNote: ['Note', 'Question name'],
    category: ['Category'],
    difficultyWords: { easy: ['Easy'], medium: ['Medium'], hard: ['Hard'] },
    trueWords: ['True', 'T', 'Right', 'Yes'],
    falseWords: ['False', 'F', 'Wrong', 'No'],
  },
};

/** Separators inside an answer or knowledge-node line: between blanks / nodes, and between alternatives. */
export const ITEM_SEPARATORS = ['；', ';'] as const;
export const ALTERNATIVE_SEPARATORS = ['|', '｜'] as const;
/** A blank in a stem: three or more underscores (half- or full-width). */
export const BLANK_PATTERN = /[_＿]{3,}/g;
/** What the writer puts in a stem for a blank (the question editor's marker too). */
export const BLANK_MARK = '____';
