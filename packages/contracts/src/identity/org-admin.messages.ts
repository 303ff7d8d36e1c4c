import type { Localized } from '../common/messages.ts';

/** Server messages of organisation administration and user settings, in every UI locale. */
export const orgAdminMessages = {
  'identity.alertTitleTooLong': {
    'zh-CN': '标题最多 {maximum} 个字符',
    'zh-TW': '標題最多 {maximum} 個字元',
    'en-US': 'The title can have at most {maximum} characters.',
  },
  'identity.alertContentTooLong': {
    'zh-CN': '内容最多 {maximum} 个字符',
    'zh-TW': '內容最多 {maximum} 個字元',
    'en-US': 'The content can have at most {maximum} characters.',
  },
  'identity.departmentNameRequired': {
    'zh-CN': '请输入院系名称',
    'zh-TW': '請輸入院系名稱',
    'en-US': 'Enter a department name.',
  },
  'identity.departmentCodeTaken': {
    'zh-CN': '院系代码“{code}”已被使用',
    'zh-TW': '院系代碼「{code}」已被使用',
    'en-US': 'Department code "{code}" is already taken.',
  },
  'identity.departmentInUse': {
    'zh-CN': '该院系仍有 {count} 个用户或课程，不能删除',
    'zh-TW': '該院系仍有 {count} 個使用者或課程，不能刪除',
    'en-US': 'This department still has {count} users or courses and cannot be deleted.',
  },
  'identity.termNameRequired': {
    'zh-CN': '请输入名称',
    'zh-TW': '請輸入名稱',
    'en-US': 'Enter a name.',
  },
  'identity.semesterEndBeforeStart': {
    'zh-CN': '结束日期不能早于开始日期',
    'zh-TW': '結束日期不能早於開始日期',
    'en-US': 'The end date cannot be before the start date.',
  },
  'identity.termInUse': {
    'zh-CN': '仍有 {count} 门课程使用它，不能删除',
    'zh-TW': '仍有 {count} 門課程使用它，不能刪除',
    'en-US': '{count} courses still use it, so it cannot be deleted.',
  },
  'identity.logoNotImage': {
    'zh-CN': 'Logo 只能是 PNG、JPEG 或 WebP 图片',
    'zh-TW': 'Logo 只能是 PNG、JPEG 或 WebP 圖片',
    'en-US': 'The logo must be a PNG, JPEG or WebP image.',
  },
  'identity.logoUploadUnknown': {
    'zh-CN': '找不到这个上传的文件',
    'zh-TW': '找不到這個上傳的檔案',
    'en-US': 'This uploaded file was not found.',
  },
  'identity.timeZoneUnknown': {
    'zh-CN': '未知的时区',
    'zh-TW': '未知的時區',
    'en-US': 'This time zone is not known.',
  },
  'identity.mobilePhoneInvalid': {
    'zh-CN': '手机号只能包含数字（可以 + 开头），6–20 位',
    'zh-TW': '手機號碼只能包含數字（可以 + 開頭），6–20 位',
    'en-US': 'A phone number has 6–20 digits, optionally starting with +.',
  },
} as const satisfies Record<`identity.${string}`, Localized>;
