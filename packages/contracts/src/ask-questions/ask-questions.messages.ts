import type { Localized } from '../common/messages.ts';

/**
 * Server messages of asking a question in class. The validation tips are the spec's (000 section 5): the
 * select-student tip, group-set tips 1 and 2, the 200-character limit. Keys are stable; wording may change.
 */
export const askQuestionsMessages = {
  'askQuestions.moduleRequired': {
    'zh-CN': '请选择章节',
    'zh-TW': '請選擇章節',
    'en-US': 'Choose a module.',
  },
  'askQuestions.moduleNotInCourse': {
    'zh-CN': '章节不属于本课程',
    'zh-TW': '章節不屬於本課程',
    'en-US': 'This module is not part of the course.',
  },
  'askQuestions.syllabusNotInModule': {
    'zh-CN': '小节不属于所选章节',
    'zh-TW': '小節不屬於所選章節',
    'en-US': 'This section is not part of the chosen module.',
  },
  'askQuestions.typeRequired': {
    'zh-CN': '请选择提问方式',
    'zh-TW': '請選擇提問方式',
    'en-US': 'Choose whom to pick: students or groups.',
  },
  'askQuestions.questionTooLong': {
    'zh-CN': '问题不能超过 {maximum} 个字符',
    'zh-TW': '問題不能超過 {maximum} 個字元',
    'en-US': 'The question can have at most {maximum} characters.',
  },
  'askQuestions.titleFormat': {
    'zh-CN': '标题须为 YYYY.MM.DD HH:mm 格式的时间',
    'zh-TW': '標題須為 YYYY.MM.DD HH:mm 格式的時間',
    'en-US': 'The title must be a time written YYYY.MM.DD HH:mm.',
  },
  'askQuestions.selectNumRequired': {
    'zh-CN': '请选择抽取人数',
    'zh-TW': '請選擇抽取人數',
    'en-US': 'Choose how many students to pick.',
  },
  'askQuestions.selectNumTooMany': {
    'zh-CN': '最多可抽取 {maximum} 人',
    'zh-TW': '最多可抽取 {maximum} 人',
    'en-US': 'You can pick at most {maximum} students.',
  },
  'askQuestions.noStudents': {
    'zh-CN': '暂无学生数据',
    'zh-TW': '暫無學生資料',
    'en-US': 'There is no student data.',
  },
  'askQuestions.groupSetRequired': {
    'zh-CN': '请选择分组',
    'zh-TW': '請選擇分組',
    'en-US': 'Choose a group set.',
  },
  'askQuestions.groupSetEmpty': {
    'zh-CN': '该分组下还没有小组，请先创建小组',
    'zh-TW': '該分組下還沒有小組，請先建立小組',
    'en-US': 'This group set has no groups yet. Create groups first.',
  },
  'askQuestions.notFound': {
    'zh-CN': '提问不存在',
    'zh-TW': '提問不存在',
    'en-US': 'This question does not exist.',
  },
  'askQuestions.cannotManage': {
    'zh-CN': '只有课程的教学团队可以提问',
    'zh-TW': '只有課程的教學團隊可以提問',
    'en-US': 'Only the course’s teaching team may ask questions.',
  },
  'askQuestions.notStudent': {
    'zh-CN': '只有本课程的学生可以查看自己是否被抽中',
    'zh-TW': '只有本課程的學生可以查看自己是否被抽中',
    'en-US': 'Only students of this course have a pick status.',
  },
  'askQuestions.ended': {
    'zh-CN': '提问已结束，不能再修改或抽取',
    'zh-TW': '提問已結束，不能再修改或抽取',
    'en-US': 'This question has ended; it can no longer be changed or picked from.',
  },
} satisfies Record<string, Localized>;
