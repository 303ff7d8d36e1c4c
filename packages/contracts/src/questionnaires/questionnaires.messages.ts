import type { Localized } from '../common/messages.ts';

/** Server messages of the questionnaire domain, in every UI locale. Keys are stable; wording may change. */
export const questionnairesMessages = {
  'questionnaires.notFound': {
    'zh-CN': '问卷不存在',
    'zh-TW': '問卷不存在',
    'en-US': 'This questionnaire does not exist.',
  },
  'questionnaires.notRespondent': {
    'zh-CN': '只有本课程的学生可以填写问卷',
    'zh-TW': '只有本課程的學生可以填寫問卷',
    'en-US': 'Only students of this course can answer the questionnaire.',
  },
  'questionnaires.notOpen': {
    'zh-CN': '问卷未在进行中',
    'zh-TW': '問卷未在進行中',
    'en-US': 'This questionnaire is not open.',
  },
  'questionnaires.answersRequired': {
    'zh-CN': '请提交问卷的答案',
    'zh-TW': '請提交問卷的答案',
    'en-US': 'Send the answers of the questionnaire.',
  },
  'questionnaires.answerRequired': {
    'zh-CN': '请回答此题',
    'zh-TW': '請回答此題',
    'en-US': 'Answer this question.',
  },
  'questionnaires.answerTooLong': {
    'zh-CN': '回答不能超过 5000 个字符',
    'zh-TW': '回答不能超過 5000 個字元',
    'en-US': 'An answer can have at most 5000 characters.',
  },
  'questionnaires.subjectUnknown': {
    'zh-CN': '问卷中没有此题',
    'zh-TW': '問卷中沒有此題',
    'en-US': 'This question is not in the questionnaire.',
  },
  'questionnaires.subjectRepeated': {
    'zh-CN': '同一题只能回答一次',
    'zh-TW': '同一題只能回答一次',
    'en-US': 'Each question can be answered only once.',
  },
  'questionnaires.optionUnknown': {
    'zh-CN': '所选选项不存在',
    'zh-TW': '所選選項不存在',
    'en-US': 'The chosen option does not exist.',
  },
  'questionnaires.singleChoiceOnly': {
    'zh-CN': '此题只能选择一个选项',
    'zh-TW': '此題只能選擇一個選項',
    'en-US': 'Choose exactly one option for this question.',
  },
  'questionnaires.subjectTypeUnsupported': {
    'zh-CN': '问卷只能包含单选、多选、判断、填空、简答题和说明',
    'zh-TW': '問卷只能包含單選、多選、判斷、填空、簡答題和說明',
    'en-US':
      'A questionnaire holds single and multiple choice, true or false, fill-in-the-blank, short answer and descriptions only.',
  },
  'questionnaires.hasSubmissions': {
    'zh-CN': '问卷已有人填写，不能再添加题目',
    'zh-TW': '問卷已有人填寫，不能再新增題目',
    'en-US': 'Someone has already answered this questionnaire; questions can no longer be added.',
  },
  'questionnaires.questionsLocked': {
    'zh-CN': '问卷已有人填写，不能再删除题目或调整顺序',
    'zh-TW': '問卷已有人填寫，不能再刪除題目或調整順序',
    'en-US':
      'Someone has already answered this questionnaire; its questions can no longer be removed or reordered.',
  },
  'questionnaires.subjectNotFound': {
    'zh-CN': '问卷中没有此题',
    'zh-TW': '問卷中沒有此題',
    'en-US': 'This question is not in the questionnaire.',
  },
  'questionnaires.subjectRemoved': {
    'zh-CN': '题目已删除',
    'zh-TW': '題目已刪除',
    'en-US': 'The question was removed.',
  },
} as const satisfies Record<`questionnaires.${string}`, Localized>;
