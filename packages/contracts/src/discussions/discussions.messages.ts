import type { Localized } from '../common/messages.ts';

/** Server messages of the discussions domain, in every UI locale. Keys are stable; wording may change. */
export const discussionsMessages = {
  /** Spec 001 section 5: a missing comment shows the comment placeholder text. */
  'discussions.contentRequired': {
    'zh-CN': '请输入评论内容',
    'zh-TW': '請輸入評論內容',
    'en-US': 'Enter a comment.',
  },
  'discussions.contentTooLong': {
    'zh-CN': '内容不能超过 {maximum} 个字符',
    'zh-TW': '內容不能超過 {maximum} 個字元',
    'en-US': 'The content can have at most {maximum} characters.',
  },
  'discussions.questionTooLong': {
    'zh-CN': '问题不能超过 {maximum} 个字符',
    'zh-TW': '問題不能超過 {maximum} 個字元',
    'en-US': 'A question can have at most {maximum} characters.',
  },
  'discussions.titleTooLong': {
    'zh-CN': '标题不能超过 {maximum} 个字符',
    'zh-TW': '標題不能超過 {maximum} 個字元',
    'en-US': 'The title can have at most {maximum} characters.',
  },
  'discussions.titleRequired': {
    'zh-CN': '请输入话题标题',
    'zh-TW': '請輸入話題標題',
    'en-US': 'Enter a topic title.',
  },
  'discussions.titleNotAllowed': {
    'zh-CN': '只有讨论区的话题可以设置标题',
    'zh-TW': '只有討論區的話題可以設定標題',
    'en-US': 'Only forum topics can have a title.',
  },
  'discussions.pageSizeInvalid': {
    'zh-CN': '每页条数只能是 10、20、30 或 50',
    'zh-TW': '每頁筆數只能是 10、20、30 或 50',
    'en-US': 'The page size must be 10, 20, 30 or 50.',
  },
  'discussions.cursorInvalid': {
    'zh-CN': '分页位置无效，请刷新后重试',
    'zh-TW': '分頁位置無效，請重新整理後重試',
    'en-US': 'The page position is not valid. Please reload and try again.',
  },
  'discussions.questionTimeInvalid': {
    'zh-CN': '提问时间有误：小时不能超过 99，分钟和秒不能超过 59',
    'zh-TW': '提問時間有誤：小時不能超過 99，分鐘和秒不能超過 59',
    'en-US': 'Invalid question time: hours at most 99, minutes and seconds at most 59.',
  },
  'discussions.questionTimeBeyondDuration': {
    'zh-CN': '提问时间不能超过视频时长',
    'zh-TW': '提問時間不能超過影片時長',
    'en-US': 'The question time cannot be later than the end of the video.',
  },
  'discussions.pageLocationInvalid': {
    'zh-CN': '页码必须是正整数',
    'zh-TW': '頁碼必須是正整數',
    'en-US': 'The page must be a positive whole number.',
  },
  'discussions.referrerInvalid': {
    'zh-CN': '所选课件不属于该活动',
    'zh-TW': '所選課件不屬於該活動',
    'en-US': 'The chosen file does not belong to this activity.',
  },
  'discussions.notDiscussable': {
    'zh-CN': '该活动不支持评论',
    'zh-TW': '該活動不支援評論',
    'en-US': 'This activity does not take comments.',
  },
  'discussions.commentNotFound': {
    'zh-CN': '评论不存在或已被删除',
    'zh-TW': '評論不存在或已被刪除',
    'en-US': 'This comment does not exist or has been deleted.',
  },
  'discussions.replyNotFound': {
    'zh-CN': '回复不存在或已被删除',
    'zh-TW': '回覆不存在或已被刪除',
    'en-US': 'This reply does not exist or has been deleted.',
  },
  'discussions.topicNotFound': {
    'zh-CN': '话题不存在或已被删除',
    'zh-TW': '話題不存在或已被刪除',
    'en-US': 'This topic does not exist or has been deleted.',
  },
  'discussions.replyParentInvalid': {
    'zh-CN': '回复的对象不属于该评论',
    'zh-TW': '回覆的對象不屬於該評論',
    'en-US': 'The reply you are answering does not belong to this comment.',
  },
  'discussions.cannotEdit': {
    'zh-CN': '只能编辑自己的内容；教师可以编辑学生的内容',
    'zh-TW': '只能編輯自己的內容；教師可以編輯學生的內容',
    'en-US': 'You can edit only your own posts; instructors can also edit students’ posts.',
  },
  'discussions.cannotDelete': {
    'zh-CN': '只能删除自己的内容；教师可以删除学生的内容',
    'zh-TW': '只能刪除自己的內容；教師可以刪除學生的內容',
    'en-US': 'You can delete only your own posts; instructors can also delete students’ posts.',
  },
  'discussions.cannotLikeOwn': {
    'zh-CN': '不能给自己的内容点赞',
    'zh-TW': '不能給自己的內容按讚',
    'en-US': 'You cannot like your own post.',
  },
  'discussions.instructorCannotLikeQuestion': {
    'zh-CN': '教师不能给问题点赞',
    'zh-TW': '教師不能給問題按讚',
    'en-US': 'Instructors cannot like questions.',
  },
  'discussions.targetNotFound': {
    'zh-CN': '要操作的评论或回复不存在',
    'zh-TW': '要操作的評論或回覆不存在',
    'en-US': 'Some of these comments or replies do not exist.',
  },
  'discussions.commentIdsRequired': {
    'zh-CN': '请指定评论',
    'zh-TW': '請指定評論',
    'en-US': 'Name at least one comment.',
  },
  'discussions.deleted': {
    'zh-CN': '删除成功',
    'zh-TW': '刪除成功',
    'en-US': 'Deleted.',
  },
} as const satisfies Record<`discussions.${string}`, Localized>;
