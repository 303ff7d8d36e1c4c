import type { Localized } from '../common/messages.ts';

/** Taking, marking, retakes, classroom answering and the score export, in every UI locale. */
export const examTakingMessages = {
  'exams.taking.answerTooLong': {
    'zh-CN': '答案过长，最多 {maximum} 个字符',
    'zh-TW': '答案過長，最多 {maximum} 個字元',
    'en-US': 'This answer is too long: at most {maximum} characters.',
  },
  'exams.taking.notPublished': {
    'zh-CN': '考试尚未发布',
    'zh-TW': '考試尚未發佈',
    'en-US': 'This exam has not been published.',
  },
  'exams.taking.notStarted': {
    'zh-CN': '考试尚未开始',
    'zh-TW': '考試尚未開始',
    'en-US': 'This exam has not started yet.',
  },
  'exams.taking.closed': {
    'zh-CN': '考试已结束，无法再提交；已保存的答案仍然保留',
    'zh-TW': '考試已結束，無法再提交；已儲存的答案仍然保留',
    'en-US': 'This exam has ended and no longer accepts answers. Answers saved earlier are kept.',
  },
  'exams.taking.timeLimitPassed': {
    'zh-CN': '本次作答的时间已用完，无法再提交；时间截止前保存的答案已作为本次提交',
    'zh-TW': '本次作答的時間已用完，無法再提交；時間截止前儲存的答案已作為本次提交',
    'en-US':
      'The time for this attempt is up and it no longer accepts answers. The answers saved before the time ran out stand as its submission.',
  },
  'exams.taking.noAttemptsLeft': {
    'zh-CN': '作答次数已用完',
    'zh-TW': '作答次數已用完',
    'en-US': 'You have used all your attempts at this exam.',
  },
  'exams.taking.noQuestions': {
    'zh-CN': '试卷中还没有题目',
    'zh-TW': '試卷中還沒有題目',
    'en-US': 'This exam has no questions yet.',
  },
  'exams.taking.notExaminee': {
    'zh-CN': '只有本课程的学生可以参加考试',
    'zh-TW': '只有本課程的學生可以參加考試',
    'en-US': 'Only students of this course take this exam.',
  },
  'exams.taking.noGroup': {
    'zh-CN': '这是小组考试，你还不在任何小组中',
    'zh-TW': '這是小組考試，你還不在任何小組中',
    'en-US': 'This is a group exam and you are not in any of its groups.',
  },
  'exams.taking.instanceInvalid': {
    'zh-CN': '这份试卷不属于你或不属于本考试，请重新进入考试',
    'zh-TW': '這份試卷不屬於你或不屬於本考試，請重新進入考試',
    'en-US': 'This paper is not yours or not of this exam. Open the exam again.',
  },
  'exams.taking.subjectNotOnPaper': {
    'zh-CN': '题目 {id} 不在你的试卷上',
    'zh-TW': '題目 {id} 不在你的試卷上',
    'en-US': 'Question {id} is not on your paper.',
  },
  'exams.taking.optionInvalid': {
    'zh-CN': '所选选项不属于该题',
    'zh-TW': '所選選項不屬於該題',
    'en-US': 'A chosen option does not belong to this question.',
  },
  'exams.taking.alreadySubmitted': {
    'zh-CN': '这份试卷已经交卷，不能再修改',
    'zh-TW': '這份試卷已經交卷，不能再修改',
    'en-US': 'This paper has already been handed in and can no longer be changed.',
  },
  'exams.taking.submissionNotFound': {
    'zh-CN': '答卷不存在',
    'zh-TW': '答卷不存在',
    'en-US': 'This submission does not exist.',
  },
  'exams.marking.scoreInvalid': {
    'zh-CN': '分数须为不小于 0 的数字，最多一位小数',
    'zh-TW': '分數須為不小於 0 的數字，最多一位小數',
    'en-US': 'A score is a number of at least 0 with at most one decimal place.',
  },
  'exams.marking.scoreTooHigh': {
    'zh-CN': '分数不能超过该题分值 {maximum}',
    'zh-TW': '分數不能超過該題分數 {maximum}',
    'en-US': 'The score cannot be more than the question’s {maximum} points.',
  },
  'exams.marking.commentTooLong': {
    'zh-CN': '评语最多 {maximum} 个字符',
    'zh-TW': '評語最多 {maximum} 個字元',
    'en-US': 'A comment can have at most {maximum} characters.',
  },
  'exams.marking.subjectNotOnPaper': {
    'zh-CN': '该题不在这份答卷的试卷上',
    'zh-TW': '該題不在這份答卷的試卷上',
    'en-US': 'This question is not on the paper of this submission.',
  },
  'exams.marking.stemNotScorable': {
    'zh-CN': '请为各小题打分，大题得分为小题之和',
    'zh-TW': '請為各小題評分，大題得分為小題之和',
    'en-US': 'Score the sub-questions; the question’s score is their sum.',
  },
  'exams.marking.notSubmitted': {
    'zh-CN': '学生尚未交卷，不能批阅',
    'zh-TW': '學生尚未交卷，不能批閱',
    'en-US': 'This paper has not been handed in yet and cannot be marked.',
  },
  'exams.marking.subjectNotFound': {
    'zh-CN': '题目不存在或不属于本考试',
    'zh-TW': '題目不存在或不屬於本考試',
    'en-US': 'This question does not exist or is not part of this exam.',
  },
  'exams.marking.attachmentNotFound': {
    'zh-CN': '批阅附件不存在',
    'zh-TW': '批閱附件不存在',
    'en-US': 'This marking attachment does not exist.',
  },
  'exams.marking.uploadUnavailable': {
    'zh-CN': '文件不存在、尚未上传完成或无权使用',
    'zh-TW': '檔案不存在、尚未上傳完成或無權使用',
    'en-US': 'This file does not exist, has not finished uploading, or is not yours to use.',
  },
  'exams.marking.attachmentDeleted': {
    'zh-CN': '已删除批阅附件',
    'zh-TW': '已刪除批閱附件',
    'en-US': 'The marking attachment was deleted.',
  },
  'exams.retake.notExaminees': {
    'zh-CN': '只能让本课程的学生重做',
    'zh-TW': '只能讓本課程的學生重做',
    'en-US': 'Only students of this course can be given a retake.',
  },
  'exams.retake.recordNotFound': {
    'zh-CN': '重做记录不存在',
    'zh-TW': '重做記錄不存在',
    'en-US': 'This retake record does not exist.',
  },
  'exams.classroom.notReleased': {
    'zh-CN': '该题尚未发布或已停止作答',
    'zh-TW': '該題尚未發佈或已停止作答',
    'en-US': 'This question is not open for answers.',
  },
  'exams.classroom.answerMissing': {
    'zh-CN': '没有读到答案：请选择选项或填写答案',
    'zh-TW': '沒有讀到答案：請選擇選項或填寫答案',
    'en-US': 'No answer was found in the request: choose an option or write an answer.',
  },
  'exams.classroom.subjectNotInBody': {
    'zh-CN': '提交的题目中没有当前发布的这道题',
    'zh-TW': '提交的題目中沒有當前發佈的這道題',
    'en-US': 'The submitted questions do not include this question.',
  },
  'exams.classroom.subjectMismatch': {
    'zh-CN': '答案所属的题目与地址中的题目不一致',
    'zh-TW': '答案所屬的題目與地址中的題目不一致',
    'en-US': 'The answer is for a different question than the one in the address.',
  },
  'exams.classroom.twoForms': {
    'zh-CN': '请只用一种格式提交答案',
    'zh-TW': '請只用一種格式提交答案',
    'en-US': 'Send the answer either on its own or in subjects, not both.',
  },
  'exams.classroom.stemNotReleasable': {
    'zh-CN': '课堂测验只能逐题发布可单独作答的题目',
    'zh-TW': '課堂測驗只能逐題發佈可單獨作答的題目',
    'en-US': 'Only questions answered on their own can be released in class.',
  },
  'exams.scores.userNo': { 'zh-CN': '学号', 'zh-TW': '學號', 'en-US': 'Student ID' },
  'exams.scores.name': { 'zh-CN': '姓名', 'zh-TW': '姓名', 'en-US': 'Name' },
  'exams.scores.total': { 'zh-CN': '总分', 'zh-TW': '總分', 'en-US': 'Total' },
  'exams.scores.question': {
    'zh-CN': '第{number}题（{points}分）',
    'zh-TW': '第{number}題（{points}分）',
    'en-US': 'Q{number} ({points} pts)',
  },
  'exams.scores.fileSuffix': { 'zh-CN': '成绩', 'zh-TW': '成績', 'en-US': 'scores' },
} as const satisfies Record<`exams.${string}`, Localized>;
