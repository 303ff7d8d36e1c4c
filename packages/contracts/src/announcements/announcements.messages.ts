import type { Localized } from '../common/messages.ts';

/** Server messages of the announcements domain, in every UI locale. Keys are stable; wording may change. */
export const announcementsMessages = {
  'announcements.titleRequired': {
    'zh-CN': '请输入公告标题',
    'zh-TW': '請輸入公告標題',
    'en-US': 'Enter a title.',
  },
  'announcements.titleTooLong': {
    'zh-CN': '标题不能超过 {maximum} 个字符',
    'zh-TW': '標題不能超過 {maximum} 個字元',
    'en-US': 'The title can have at most {maximum} characters.',
  },
  'announcements.contentRequired': {
    'zh-CN': '请输入公告内容',
    'zh-TW': '請輸入公告內容',
    'en-US': 'Enter the announcement text.',
  },
  'announcements.contentTooLong': {
    'zh-CN': '内容不能超过 {maximum} 个字符',
    'zh-TW': '內容不能超過 {maximum} 個字元',
    'en-US': 'The text can have at most {maximum} characters.',
  },
  'announcements.tooManyFiles': {
    'zh-CN': '附件不能超过 {maximum} 个',
    'zh-TW': '附件不能超過 {maximum} 個',
    'en-US': 'An announcement can have at most {maximum} files.',
  },
  'announcements.uploadUnavailable': {
    'zh-CN': '文件 {id} 不存在或无权使用',
    'zh-TW': '檔案 {id} 不存在或無權使用',
    'en-US': 'File {id} does not exist or you may not use it.',
  },
  'announcements.cannotManage': {
    'zh-CN': '只有课程的教学团队可以发布和修改公告',
    'zh-TW': '只有課程的教學團隊可以發布和修改公告',
    'en-US': 'Only the course’s teaching team may post and change announcements.',
  },
  'announcements.notFound': {
    'zh-CN': '公告不存在',
    'zh-TW': '公告不存在',
    'en-US': 'The announcement does not exist.',
  },
} as const satisfies Record<string, Localized>;
