import type { Localized } from '../common/messages.ts';

/** Server messages of quizzes in online videos, in every UI locale. Keys are stable; wording may change. */
export const coursewareQuizzesMessages = {
  'coursewareQuizzes.notFound': {
    'zh-CN': '视频测验不存在',
    'zh-TW': '影片測驗不存在',
    'en-US': 'This video quiz does not exist.',
  },
  'coursewareQuizzes.videoNotFound': {
    'zh-CN': '在线视频不存在',
    'zh-TW': '線上影片不存在',
    'en-US': 'This online video does not exist.',
  },
  'coursewareQuizzes.notRespondent': {
    'zh-CN': '只有本课程的学生可以回答视频测验',
    'zh-TW': '只有本課程的學生可以回答影片測驗',
    'en-US': 'Only students of this course can answer video quizzes.',
  },
  'coursewareQuizzes.publishedRequired': {
    'zh-CN': '请选择是否发布测验',
    'zh-TW': '請選擇是否發佈測驗',
    'en-US': 'Choose whether the quiz is published.',
  },
  'coursewareQuizzes.titleTooLong': {
    'zh-CN': '标题不能超过 200 个字符',
    'zh-TW': '標題不能超過 200 個字元',
    'en-US': 'The title can have at most 200 characters.',
  },
  'coursewareQuizzes.positionRequired': {
    'zh-CN': '请填写测验在视频中的时间',
    'zh-TW': '請填寫測驗在影片中的時間',
    'en-US': 'Enter the time in the video where the quiz appears.',
  },
  'coursewareQuizzes.positionInvalid': {
    'zh-CN': '时间须为 0 到 43200 之间的整数秒',
    'zh-TW': '時間須為 0 到 43200 之間的整數秒',
    'en-US': 'The time must be a whole number of seconds from 0 to 43200.',
  },
  'coursewareQuizzes.tooManyQuizzes': {
    'zh-CN': '一个视频最多 100 个测验',
    'zh-TW': '一部影片最多 100 個測驗',
    'en-US': 'A video can have at most 100 quizzes.',
  },
  'coursewareQuizzes.hasSubmissions': {
    'zh-CN': '已有学生回答此测验，不能删除或添加题目',
    'zh-TW': '已有學生回答此測驗，不能刪除或新增題目',
    'en-US': 'Students have answered this quiz; it can no longer be deleted or given questions.',
  },
  'coursewareQuizzes.subjectTypeUnsupported': {
    'zh-CN': '视频测验只能包含单选、多选、判断和填空题',
    'zh-TW': '影片測驗只能包含單選、多選、判斷和填空題',
    'en-US':
      'A video quiz holds single and multiple choice, true or false and fill-in-the-blank questions only.',
  },
  'coursewareQuizzes.noSubjects': {
    'zh-CN': '此测验还没有题目',
    'zh-TW': '此測驗還沒有題目',
    'en-US': 'This quiz has no questions yet.',
  },
  'coursewareQuizzes.answersRequired': {
    'zh-CN': '请提交测验的答案',
    'zh-TW': '請提交測驗的答案',
    'en-US': 'Send the answers of the quiz.',
  },
  'coursewareQuizzes.answerRequired': {
    'zh-CN': '请回答此题',
    'zh-TW': '請回答此題',
    'en-US': 'Answer this question.',
  },
  'coursewareQuizzes.answerTooLong': {
    'zh-CN': '回答不能超过 1000 个字符',
    'zh-TW': '回答不能超過 1000 個字元',
    'en-US': 'An answer can have at most 1000 characters.',
  },
  'coursewareQuizzes.subjectUnknown': {
    'zh-CN': '测验中没有此题',
    'zh-TW': '測驗中沒有此題',
    'en-US': 'This question is not in the quiz.',
  },
  'coursewareQuizzes.subjectRepeated': {
    'zh-CN': '同一题只能回答一次',
    'zh-TW': '同一題只能回答一次',
    'en-US': 'Each question can be answered only once.',
  },
  'coursewareQuizzes.optionUnknown': {
    'zh-CN': '所选选项不存在',
    'zh-TW': '所選選項不存在',
    'en-US': 'The chosen option does not exist.',
  },
  'coursewareQuizzes.singleChoiceOnly': {
    'zh-CN': '此题只能选择一个选项',
    'zh-TW': '此題只能選擇一個選項',
    'en-US': 'Choose exactly one option for this question.',
  },
} as const satisfies Record<`coursewareQuizzes.${string}`, Localized>;
