import type { Localized } from '../common/messages.ts';

/** Messages of homework settings, hand-ins and marking, in every UI locale. Keys are stable. */
export const homeworkMessages = {
  'homework.validationScore': {
    'zh-CN': '请输入 0-100 之间的分数，最多保留一位小数',
    'zh-TW': '請輸入 0-100 之間的分數，最多保留一位小數',
    'en-US': 'Enter a score from 0 to 100 with at most one decimal place.',
  },
  'homework.notFound': {
    'zh-CN': '作业不存在或已被删除',
    'zh-TW': '作業不存在或已被刪除',
    'en-US': 'This homework does not exist or has been deleted.',
  },
  'homework.submissionNotFound': {
    'zh-CN': '提交记录不存在',
    'zh-TW': '提交紀錄不存在',
    'en-US': 'This submission does not exist.',
  },
  'homework.notPublished': {
    'zh-CN': '作业尚未发布，不能提交',
    'zh-TW': '作業尚未發布，不能提交',
    'en-US': 'This homework is not published yet, so it cannot be handed in.',
  },
  'homework.notStarted': {
    'zh-CN': '作业尚未开始，不能提交',
    'zh-TW': '作業尚未開始，不能提交',
    'en-US': 'This homework has not started yet.',
  },
  'homework.deadlinePassed': {
    'zh-CN': '已超过作业截止时间，不能再提交',
    'zh-TW': '已超過作業截止時間，不能再提交',
    'en-US': 'The deadline has passed, so this homework can no longer be handed in.',
  },
  'homework.submitTimesExceeded': {
    'zh-CN': '已达到允许的提交次数（{maximum} 次）',
    'zh-TW': '已達到允許的提交次數（{maximum} 次）',
    'en-US': 'You have used all {maximum} hand-ins this homework allows.',
  },
  'homework.notSubmitter': {
    'zh-CN': '只有本课程的学生可以提交作业',
    'zh-TW': '只有本課程的學生可以提交作業',
    'en-US': 'Only students of this course can hand in homework.',
  },
  'homework.notInGroup': {
    'zh-CN': '你不在本作业分组中，不能提交小组作业',
    'zh-TW': '你不在本作業分組中，不能提交小組作業',
    'en-US': 'You are not in a group of this homework’s group set, so you cannot hand in group work.',
  },
  'homework.emptySubmission': {
    'zh-CN': '请填写内容或上传附件后再提交',
    'zh-TW': '請填寫內容或上傳附件後再提交',
    'en-US': 'Write something or attach a file before handing in.',
  },
  'homework.uploadUnavailable': {
    'zh-CN': '附件不存在或不可用，请重新上传',
    'zh-TW': '附件不存在或不可用，請重新上傳',
    'en-US': 'This file is missing or not ready. Please upload it again.',
  },
  'homework.commentTooLong': {
    'zh-CN': '内容不能超过 {maximum} 个字符',
    'zh-TW': '內容不能超過 {maximum} 個字元',
    'en-US': 'At most {maximum} characters.',
  },
  'homework.referenceAnswerTooLong': {
    'zh-CN': '参考答案过长',
    'zh-TW': '參考答案過長',
    'en-US': 'The reference answer is too long.',
  },
  'homework.referenceAnswerTooManyFiles': {
    'zh-CN': '参考答案最多可添加 20 个附件',
    'zh-TW': '參考答案最多可新增 20 個附件',
    'en-US': 'A reference answer can have at most 20 files.',
  },
  'homework.referenceAnswerUploadsLocked': {
    'zh-CN': '参考答案的附件只能在参考答案设置中修改',
    'zh-TW': '參考答案的附件只能在參考答案設定中修改',
    'en-US': 'The reference answer’s files can only be changed in the reference answer settings.',
  },
  'homework.descriptionTooLong': {
    'zh-CN': '作业说明不能超过 {maximum} 个字符',
    'zh-TW': '作業說明不能超過 {maximum} 個字元',
    'en-US': 'The description can have at most {maximum} characters.',
  },
  'homework.announceTypeInvalid': {
    'zh-CN': '请选择成绩公布方式',
    'zh-TW': '請選擇成績公布方式',
    'en-US': 'Choose how scores are published.',
  },
  'homework.announceTimeRequired': {
    'zh-CN': '请设置成绩公布时间',
    'zh-TW': '請設定成績公布時間',
    'en-US': 'Choose when the scores are published.',
  },
  'homework.announceTimeBeforeClose': {
    'zh-CN': '成绩公布时间不能早于作业截止时间',
    'zh-TW': '成績公布時間不能早於作業截止時間',
    'en-US': 'Scores cannot be published before the homework closes.',
  },
  'homework.visibleTimeRequired': {
    'zh-CN': '请设置评分标准的公开时间',
    'zh-TW': '請設定評分標準的公開時間',
    'en-US': 'Choose when the rubric becomes visible.',
  },
  'homework.dateTimeInvalid': {
    'zh-CN': '时间格式不正确',
    'zh-TW': '時間格式不正確',
    'en-US': 'This is not a valid date and time.',
  },
  'homework.submitTimesInvalid': {
    'zh-CN': '提交次数须为 1-99 之间的整数',
    'zh-TW': '提交次數須為 1-99 之間的整數',
    'en-US': 'The number of hand-ins must be a whole number from 1 to 99.',
  },
  'homework.thresholdInvalid': {
    'zh-CN': '查重阈值须在 0-100 之间',
    'zh-TW': '查重閾值須在 0-100 之間',
    'en-US': 'The duplicate-check threshold must be between 0 and 100.',
  },
  'homework.groupSetInvalid': {
    'zh-CN': '分组不存在或不属于本课程',
    'zh-TW': '分組不存在或不屬於本課程',
    'en-US': 'This group set does not exist in this course.',
  },
  'homework.groupSetLocked': {
    'zh-CN': '已有学生提交，不能再更改作业的分组方式',
    'zh-TW': '已有學生提交，不能再變更作業的分組方式',
    'en-US':
      'Work has been handed in, so this homework can no longer switch between individual and group work.',
  },
  'homework.submitterNotFound': {
    'zh-CN': '学生或小组不存在',
    'zh-TW': '學生或小組不存在',
    'en-US': 'This student or group is not part of this homework.',
  },
  'homework.notSubmitted': {
    'zh-CN': '尚未提交，不能评分',
    'zh-TW': '尚未提交，不能評分',
    'en-US': 'This work has not been handed in, so it cannot be marked.',
  },
  'homework.makeUpEndInPast': {
    'zh-CN': '补交截止时间须晚于当前时间',
    'zh-TW': '補交截止時間須晚於目前時間',
    'en-US': 'The make-up deadline must be in the future.',
  },
  'homework.notGroupHomework': {
    'zh-CN': '这不是小组作业',
    'zh-TW': '這不是小組作業',
    'en-US': 'This is not group homework.',
  },
  'homework.peerScoreNotAllowed': {
    'zh-CN': '本作业未开启该互评，或你不能为其评分',
    'zh-TW': '本作業未開啟該互評，或你不能為其評分',
    'en-US': 'Peer scoring of this kind is off for this homework, or you cannot score this one.',
  },
  'homework.attachmentNotFound': {
    'zh-CN': '批阅附件不存在或已被删除',
    'zh-TW': '批閱附件不存在或已被刪除',
    'en-US': 'This marked attachment does not exist or has been deleted.',
  },
  'homework.attachmentDeleted': {
    'zh-CN': '批阅附件已删除',
    'zh-TW': '批閱附件已刪除',
    'en-US': 'The marked attachment has been deleted.',
  },
  'homework.referenceNotFound': {
    'zh-CN': '附件不存在或已被删除',
    'zh-TW': '附件不存在或已被刪除',
    'en-US': 'This attachment does not exist or has been deleted.',
  },
  'homework.notAllRubricSelected': {
    'zh-CN': '请为每一项评分标准选择等级',
    'zh-TW': '請為每一項評分標準選擇等級',
    'en-US': 'Choose a level for every rubric criterion.',
  },
  'homework.rubricScoreInvalid': {
    'zh-CN': '评分标准的选择与本作业的评分标准不符，请重新打开评分标准后再评分',
    'zh-TW': '評分標準的選擇與本作業的評分標準不符，請重新開啟評分標準後再評分',
    'en-US': "The rubric choices do not match this homework's rubric. Open the rubric again and score.",
  },
  'homework.simulatingReadOnly': {
    'zh-CN': '以学生身份查看时不能评分或评语',
    'zh-TW': '以學生身分檢視時不能評分或評語',
    'en-US': 'While viewing as a student you cannot give scores or comments.',
  },
  'homework.aiNeedsDescription': {
    'zh-CN': '作业没有描述，无法生成 AI 评分建议',
    'zh-TW': '作業沒有描述，無法產生 AI 評分建議',
    'en-US': 'The homework has no description, so no AI grading suggestion can be made.',
  },
  'homework.aiNeedsRubric': {
    'zh-CN': '请先为作业设置评分标准，再使用 AI 评分建议',
    'zh-TW': '請先為作業設定評分標準，再使用 AI 評分建議',
    'en-US': 'Set a rubric for the homework before asking for an AI grading suggestion.',
  },
  'homework.aiNoGradableUpload': {
    'zh-CN': '该提交没有可供 AI 评分的文件（支持 docx、pdf、txt）',
    'zh-TW': '該提交沒有可供 AI 評分的檔案（支援 docx、pdf、txt）',
    'en-US': 'This submission has no file the AI can read (docx, pdf or txt).',
  },
} as const satisfies Record<string, Localized>;
