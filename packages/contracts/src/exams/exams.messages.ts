import type { Localized } from '../common/messages.ts';

/**
 * Messages of exam authoring and question libraries, in every UI locale. Keys are stable; wording may
 * change. (Question validation messages are in subject.messages.ts.)
 */
export const examsMessages = {
  'exams.notFound': {
    'zh-CN': '测试不存在或已被删除',
    'zh-TW': '測驗不存在或已被刪除',
    'en-US': 'This exam does not exist or has been deleted.',
  },
  'exams.subjectNotFound': {
    'zh-CN': '题目不存在或已被删除',
    'zh-TW': '題目不存在或已被刪除',
    'en-US': 'This question does not exist or has been deleted.',
  },
  'exams.subjectDeleted': {
    'zh-CN': '题目已删除',
    'zh-TW': '題目已刪除',
    'en-US': 'The question has been deleted.',
  },
  'exams.subSubjectEditStem': {
    'zh-CN': '子题请在所属的题目中编辑或删除',
    'zh-TW': '子題請在所屬的題目中編輯或刪除',
    'en-US': 'Edit or delete the question this sub-question belongs to.',
  },
  'exams.pointsExceeded': {
    'zh-CN': '这些题目共 {points} 分，超过了剩余可用的 {remaining} 分（总分 {total}）',
    'zh-TW': '這些題目共 {points} 分，超過了剩餘可用的 {remaining} 分（總分 {total}）',
    'en-US':
      'These questions add up to {points} points, but only {remaining} of the exam’s {total} points are left.',
  },
  'exams.paperLocked': {
    'zh-CN': '已有学生开始作答，不能再增加、修改或删除这份试卷的题目',
    'zh-TW': '已有學生開始作答，不能再新增、修改或刪除這份試卷的題目',
    'en-US':
      'Students have already started this exam, so its questions can no longer be added, changed or deleted.',
  },
  'exams.subjectAnswered': {
    'zh-CN': '已有学生作答该题，不能再修改或删除',
    'zh-TW': '已有學生作答該題，不能再修改或刪除',
    'en-US': 'Students have already answered this question, so it can no longer be changed or deleted.',
  },
  'exams.sortMismatch': {
    'zh-CN': '排序须恰好包含试卷中的每道题目各一次',
    'zh-TW': '排序須恰好包含試卷中的每道題目各一次',
    'en-US': 'The new order must list every question of the paper exactly once.',
  },
  'exams.makeupUsersNotStudents': {
    'zh-CN': '只有本课程的学生可以参加补考（用户 {ids}）',
    'zh-TW': '只有本課程的學生可以參加補考（使用者 {ids}）',
    'en-US': 'Only students of this course can take the make-up exam (users {ids}).',
  },
  'exams.libNotFound': {
    'zh-CN': '题库不存在或已被删除',
    'zh-TW': '題庫不存在或已被刪除',
    'en-US': 'This question library does not exist or has been deleted.',
  },
  'exams.libDeleted': {
    'zh-CN': '题库已删除',
    'zh-TW': '題庫已刪除',
    'en-US': 'The question library has been deleted.',
  },
  'exams.libTitleRequired': {
    'zh-CN': '请输入名称',
    'zh-TW': '請輸入名稱',
    'en-US': 'Enter a name.',
  },
  'exams.libTitleTooLong': {
    'zh-CN': '名称不能超过 {maximum} 个字符',
    'zh-TW': '名稱不能超過 {maximum} 個字元',
    'en-US': 'The name can have at most {maximum} characters.',
  },
  'exams.libTypeInvalid': {
    'zh-CN': '课程题库的类型只能是题库或文件夹',
    'zh-TW': '課程題庫的類型只能是題庫或資料夾',
    'en-US': 'A course library must be a question library or a folder.',
  },
  'exams.libTypeUnsupported': {
    'zh-CN': '题库类型只能是题库、文件夹或问卷',
    'zh-TW': '題庫類型只能是題庫、資料夾或問卷',
    'en-US': 'The library type must be exam, folder or questionnaire.',
  },
  'exams.libCreateNotAllowed': {
    'zh-CN': '只有教师可以创建题库',
    'zh-TW': '只有教師可以建立題庫',
    'en-US': 'Only teachers can create question libraries.',
  },
  'exams.parentNotFolder': {
    'zh-CN': '请选择同一位置下的文件夹',
    'zh-TW': '請選擇同一位置下的資料夾',
    'en-US': 'Choose a folder in the same place (your own, or this course’s).',
  },
  'exams.folderCycle': {
    'zh-CN': '不能把文件夹移动到它自己或它的子文件夹中',
    'zh-TW': '不能把資料夾移動到它自己或它的子資料夾中',
    'en-US': 'A folder cannot be moved into itself or one of its sub-folders.',
  },
  'exams.folderNotEmpty': {
    'zh-CN': '文件夹不为空，请先移出或删除其中的题库',
    'zh-TW': '資料夾不是空的，請先移出或刪除其中的題庫',
    'en-US': 'This folder is not empty. Move or delete the libraries in it first.',
  },
  'exams.folderHoldsNoSubjects': {
    'zh-CN': '文件夹不能直接存放题目，请选择题库',
    'zh-TW': '資料夾不能直接存放題目，請選擇題庫',
    'en-US': 'A folder holds libraries, not questions. Choose a library.',
  },
  'exams.subjectsNotInLib': {
    'zh-CN': '所选题目不全属于该题库',
    'zh-TW': '所選題目不全屬於該題庫',
    'en-US': 'Some of the selected questions are not in this library.',
  },
  'exams.copyTargetRequired': {
    'zh-CN': '请选择且只选择一个复制目标',
    'zh-TW': '請選擇且只選擇一個複製目標',
    'en-US': 'Choose exactly one place to copy the questions to.',
  },
  'exams.copyTargetUnavailable': {
    'zh-CN': '暂不支持复制到视频测验或问卷',
    'zh-TW': '暫不支援複製到影片測驗或問卷',
    'en-US': 'Questions cannot be copied into video quizzes or questionnaires yet.',
  },
  'exams.copyNothing': {
    'zh-CN': '题库中没有可复制的题目',
    'zh-TW': '題庫中沒有可複製的題目',
    'en-US': 'There are no questions to copy in this library.',
  },
} as const satisfies Record<`exams.${string}`, Localized>;
