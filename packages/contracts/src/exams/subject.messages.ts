import type { Localized } from '../common/messages.ts';

/** Question (subject) validation messages, in every UI locale. Keys are stable; wording may change. */
export const subjectMessages = {
  'exams.subjectTypeInvalid': {
    'zh-CN': '不支持的题型',
    'zh-TW': '不支援的題型',
    'en-US': 'This question type is not supported.',
  },
  'exams.subSubjectTypeInvalid': {
    'zh-CN': '子题只能是单选、多选、判断、填空或简答题',
    'zh-TW': '子題只能是單選、多選、是非、填空或簡答題',
    'en-US':
      'A sub-question must be single choice, multiple choice, true/false, fill-in-the-blank or short answer.',
  },
  'exams.difficultyInvalid': {
    'zh-CN': '难度只能是无、难、中、易',
    'zh-TW': '難度只能是無、難、中、易',
    'en-US': 'Difficulty must be none, hard, medium or easy.',
  },
  'exams.pointInvalid': {
    'zh-CN': '分值须为不小于 0 的数字，最多一位小数',
    'zh-TW': '分數須為不小於 0 的數字，最多一位小數',
    'en-US': 'Points must be a number of at least 0 with at most one decimal place.',
  },
  'exams.pointTooLarge': {
    'zh-CN': '分值不能超过 {maximum}',
    'zh-TW': '分數不能超過 {maximum}',
    'en-US': 'Points can be at most {maximum}.',
  },
  'exams.descriptionRequired': {
    'zh-CN': '请输入题干',
    'zh-TW': '請輸入題幹',
    'en-US': 'Enter the question text.',
  },
  'exams.descriptionTooLong': {
    'zh-CN': '题干过长，最多 {maximum} 个字符',
    'zh-TW': '題幹過長，最多 {maximum} 個字元',
    'en-US': 'The question text can have at most {maximum} characters.',
  },
  'exams.optionContentRequired': {
    'zh-CN': '请输入选项内容',
    'zh-TW': '請輸入選項內容',
    'en-US': 'Enter the option text.',
  },
  'exams.optionTooLong': {
    'zh-CN': '选项过长，最多 {maximum} 个字符',
    'zh-TW': '選項過長，最多 {maximum} 個字元',
    'en-US': 'An option can have at most {maximum} characters.',
  },
  'exams.tooManyOptions': {
    'zh-CN': '选项最多 {maximum} 个（A 到 Z）',
    'zh-TW': '選項最多 {maximum} 個（A 到 Z）',
    'en-US': 'A question can have at most {maximum} options (A to Z).',
  },
  'exams.optionsTooFew': {
    'zh-CN': '至少需要两个选项',
    'zh-TW': '至少需要兩個選項',
    'en-US': 'Add at least two options.',
  },
  'exams.singleAnswerRequired': {
    'zh-CN': '请选择且只选择一个正确答案',
    'zh-TW': '請選擇且只選擇一個正確答案',
    'en-US': 'Mark exactly one option as the correct answer.',
  },
  'exams.optionWeightInvalid': {
    'zh-CN': '选项得分比例须在 -100% 到 100% 之间',
    'zh-TW': '選項得分比例須在 -100% 到 100% 之間',
    'en-US': 'An option’s credit must be between -100% and 100%.',
  },
  'exams.optionWeightNotAllowed': {
    'zh-CN': '只有单选题和多选题的选项可以设得分比例',
    'zh-TW': '只有單選題和多選題的選項可以設得分比例',
    'en-US': 'Only single and multiple choice options can carry partial credit.',
  },
  'exams.optionWeightsMismatch': {
    'zh-CN': '得分比例与正确答案不符：单选题的正确答案须为 100%；多选题只有正确答案得分，且比例之和为 100%',
    'zh-TW': '得分比例與正確答案不符：單選題的正確答案須為 100%；多選題只有正確答案得分，且比例之和為 100%',
    'en-US':
      'The credit does not match the correct answers: a single choice’s answer earns 100%; in a multiple choice only the answers earn credit, adding up to 100%.',
  },
  'exams.answerOptionRequired': {
    'zh-CN': '请至少选择一个正确答案',
    'zh-TW': '請至少選擇一個正確答案',
    'en-US': 'Mark at least one option as correct.',
  },
  'exams.trueFalseTwoOptions': {
    'zh-CN': '判断题必须有且只有两个选项',
    'zh-TW': '是非題必須有且只有兩個選項',
    'en-US': 'A true/false question has exactly two options.',
  },
  'exams.optionsNotAllowed': {
    'zh-CN': '该题型没有选项',
    'zh-TW': '該題型沒有選項',
    'en-US': 'This question type has no options.',
  },
  'exams.blanksRequired': {
    'zh-CN': '填空题至少需要一个空',
    'zh-TW': '填空題至少需要一個空格',
    'en-US': 'A fill-in-the-blank question needs at least one blank.',
  },
  'exams.blankAnswerRequired': {
    'zh-CN': '请填写该空的答案',
    'zh-TW': '請填寫該空格的答案',
    'en-US': 'Give at least one accepted answer for this blank.',
  },
  'exams.blankAnswerTooLong': {
    'zh-CN': '答案最多 {maximum} 个字符',
    'zh-TW': '答案最多 {maximum} 個字元',
    'en-US': 'An answer can have at most {maximum} characters.',
  },
  'exams.tooManyAlternatives': {
    'zh-CN': '每空最多 {maximum} 个备选答案',
    'zh-TW': '每個空格最多 {maximum} 個備選答案',
    'en-US': 'A blank can have at most {maximum} accepted answers.',
  },
  'exams.tooManyBlanks': {
    'zh-CN': '最多 {maximum} 个空',
    'zh-TW': '最多 {maximum} 個空格',
    'en-US': 'A question can have at most {maximum} blanks.',
  },
  'exams.pairsRequired': {
    'zh-CN': '匹配题至少需要一组配对',
    'zh-TW': '配對題至少需要一組配對',
    'en-US': 'A matching question needs at least one pair.',
  },
  'exams.tooManyPairs': {
    'zh-CN': '最多 {maximum} 组配对',
    'zh-TW': '最多 {maximum} 組配對',
    'en-US': 'A matching question can have at most {maximum} pairs.',
  },
  'exams.matchingOptionsTooFew': {
    'zh-CN': '右侧选项不能少于配对数',
    'zh-TW': '右側選項不能少於配對數',
    'en-US': 'There must be at least as many right-hand items as pairs.',
  },
  'exams.pairOptionInvalid': {
    'zh-CN': '请为该项选择对应的选项',
    'zh-TW': '請為該項選擇對應的選項',
    'en-US': 'Choose the matching item for this entry.',
  },
  'exams.answerTooLong': {
    'zh-CN': '参考答案最多 {maximum} 个字符',
    'zh-TW': '參考答案最多 {maximum} 個字元',
    'en-US': 'The reference answer can have at most {maximum} characters.',
  },
  'exams.explanationTooLong': {
    'zh-CN': '答案解析最多 {maximum} 个字符',
    'zh-TW': '答案解析最多 {maximum} 個字元',
    'en-US': 'The explanation can have at most {maximum} characters.',
  },
  'exams.subSubjectsRequired': {
    'zh-CN': '请至少添加一道子题',
    'zh-TW': '請至少新增一道子題',
    'en-US': 'Add at least one sub-question.',
  },
  'exams.subSubjectsNotAllowed': {
    'zh-CN': '只有综合题和完形填空可以包含子题',
    'zh-TW': '只有綜合題和克漏字可以包含子題',
    'en-US': 'Only analysis and cloze questions have sub-questions.',
  },
  'exams.tooManySubSubjects': {
    'zh-CN': '子题最多 {maximum} 道',
    'zh-TW': '子題最多 {maximum} 道',
    'en-US': 'A question can have at most {maximum} sub-questions.',
  },
  'exams.clozeSingleOnly': {
    'zh-CN': '完形填空的子题只能是单选题',
    'zh-TW': '克漏字的子題只能是單選題',
    'en-US': 'Each gap of a cloze question is a single-choice question.',
  },
  'exams.stemPointMismatch': {
    'zh-CN': '分值须等于各子题分值之和',
    'zh-TW': '分數須等於各子題分數之和',
    'en-US': 'The points must equal the sum of the sub-questions’ points.',
  },
  'exams.paragraphNoPoint': {
    'zh-CN': '段落说明不计分',
    'zh-TW': '段落說明不計分',
    'en-US': 'A text block carries no points.',
  },
  'exams.subjectsRequired': {
    'zh-CN': '请至少提交一道题目',
    'zh-TW': '請至少提交一道題目',
    'en-US': 'Send at least one question.',
  },
  'exams.tooManySubjects': {
    'zh-CN': '一次最多保存 {maximum} 道题目',
    'zh-TW': '一次最多儲存 {maximum} 道題目',
    'en-US': 'At most {maximum} questions can be saved at once.',
  },
  'exams.totalPointsInvalid': {
    'zh-CN': '总分须大于 0 且不超过 1000',
    'zh-TW': '總分須大於 0 且不超過 1000',
    'en-US': 'Total points must be more than 0 and at most 1000.',
  },
  'exams.submitTimesInvalid': {
    'zh-CN': '作答次数须为 1 到 99 的整数',
    'zh-TW': '作答次數須為 1 到 99 的整數',
    'en-US': 'Attempts must be a whole number from 1 to 99.',
  },
  'exams.timeLimitInvalid': {
    'zh-CN': '限时须为 1 到 10000 的整数（分钟）',
    'zh-TW': '限時須為 1 到 10000 的整數（分鐘）',
    'en-US': 'The time limit must be a whole number of minutes from 1 to 10000.',
  },
  'exams.totalPointsBelowUsed': {
    'zh-CN': '总分不能低于试卷已有题目的分值（{used} 分）',
    'zh-TW': '總分不能低於試卷已有題目的分數（{used} 分）',
    'en-US': 'The total cannot be less than the points the questions already use ({used}).',
  },
  'exams.announceTimeRequired': {
    'zh-CN': '请选择公布时间',
    'zh-TW': '請選擇公佈時間',
    'en-US': 'Choose when to release it.',
  },
  'exams.knowledgeNodeNameRequired': {
    'zh-CN': '知识点名称不能为空',
    'zh-TW': '知識點名稱不能為空',
    'en-US': 'A knowledge point needs a name.',
  },
  'exams.knowledgeNodeNameTooLong': {
    'zh-CN': '知识点名称最多 {maximum} 个字符',
    'zh-TW': '知識點名稱最多 {maximum} 個字元',
    'en-US': 'A knowledge point name can have at most {maximum} characters.',
  },
  'exams.tooManyKnowledgeNodes': {
    'zh-CN': '每道题最多 {maximum} 个知识点',
    'zh-TW': '每道題最多 {maximum} 個知識點',
    'en-US': 'A question can have at most {maximum} knowledge points.',
  },
  'exams.noteTooLong': {
    'zh-CN': '备注最多 {maximum} 个字符',
    'zh-TW': '備註最多 {maximum} 個字元',
    'en-US': 'A note can have at most {maximum} characters.',
  },
} as const satisfies Record<`exams.${string}`, Localized>;
