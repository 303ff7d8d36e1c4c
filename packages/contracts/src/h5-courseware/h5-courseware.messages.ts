import type { Localized } from '../common/messages.ts';

/** Server messages of H5 courseware and SCORM packages, in every UI locale. */
export const h5CoursewareMessages = {
  'h5Courseware.notFound': {
    'zh-CN': 'H5 课件不存在',
    'zh-TW': 'H5 課件不存在',
    'en-US': 'This H5 courseware does not exist.',
  },
  'h5Courseware.packageNotFound': {
    'zh-CN': '该课件没有这个课件包',
    'zh-TW': '該課件沒有這個課件包',
    'en-US': 'This courseware has no such package.',
  },
  'h5Courseware.notZip': {
    'zh-CN': '课件包必须是 zip 压缩文件',
    'zh-TW': '課件包必須是 zip 壓縮檔',
    'en-US': 'A courseware package must be a zip file.',
  },
  'h5Courseware.zipTooLarge': {
    'zh-CN': '课件包不能超过 {limit_mb} MB',
    'zh-TW': '課件包不能超過 {limit_mb} MB',
    'en-US': 'A courseware package may be at most {limit_mb} MB.',
  },
  'h5Courseware.unsafePath': {
    'zh-CN': '课件包中的文件路径“{path}”不安全（绝对路径或包含 ..），已拒绝',
    'zh-TW': '課件包中的檔案路徑「{path}」不安全（絕對路徑或包含 ..），已拒絕',
    'en-US': 'The package holds an unsafe file path "{path}" (absolute, or containing ..) and was refused.',
  },
  'h5Courseware.noEntry': {
    'zh-CN': '课件包中没有入口文件（index.html 或 imsmanifest.xml）',
    'zh-TW': '課件包中沒有入口檔案（index.html 或 imsmanifest.xml）',
    'en-US': 'The package has no entry file (index.html or imsmanifest.xml).',
  },
  'h5Courseware.manifestInvalid': {
    'zh-CN': 'imsmanifest.xml 无法解析或未指明启动页面',
    'zh-TW': 'imsmanifest.xml 無法解析或未指明啟動頁面',
    'en-US': 'imsmanifest.xml cannot be read or names no launch page.',
  },
  'h5Courseware.linkExpired': {
    'zh-CN': '课件链接已过期，请刷新页面',
    'zh-TW': '課件連結已過期，請重新整理頁面',
    'en-US': 'This courseware link has expired. Reload the page.',
  },
  'h5Courseware.stateTooLong': {
    'zh-CN': '学习状态数据过大',
    'zh-TW': '學習狀態資料過大',
    'en-US': 'The learning state is too large.',
  },
  'h5Courseware.stateNotBase64': {
    'zh-CN': '学习状态必须是 base64 编码',
    'zh-TW': '學習狀態必須是 base64 編碼',
    'en-US': 'The learning state must be base64 encoded.',
  },
  'h5Courseware.cmiInvalid': {
    'zh-CN': '数据项 {element} 的值无效（SCORM 错误 {code}）',
    'zh-TW': '資料項 {element} 的值無效（SCORM 錯誤 {code}）',
    'en-US': 'The value of {element} is not valid (SCORM error {code}).',
  },
  'h5Courseware.cmiTooManyElements': {
    'zh-CN': '学习状态包含的数据项过多（最多 {limit} 项）',
    'zh-TW': '學習狀態包含的資料項過多（最多 {limit} 項）',
    'en-US': 'The learning state holds too many elements (at most {limit}).',
  },
  'h5Courseware.learnersOnly': {
    'zh-CN': '只有本课程的学生会保存学习进度',
    'zh-TW': '只有本課程的學生會儲存學習進度',
    'en-US': 'Only students of this course have their progress saved.',
  },
} as const satisfies Record<string, Localized>;
