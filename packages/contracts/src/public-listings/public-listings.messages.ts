import type { Localized } from '../common/messages.ts';

/** Server messages of the public listings, in every UI locale. Keys are stable; wording may change. */
export const publicListingsMessages = {
  'publicListings.scopeInvalid': {
    'zh-CN': '公开范围只能是 private、org 或 public',
    'zh-TW': '公開範圍只能是 private、org 或 public',
    'en-US': 'The public scope must be private, org or public.',
  },
  'publicListings.nameRequired': {
    'zh-CN': '请输入名称',
    'zh-TW': '請輸入名稱',
    'en-US': 'Enter a name.',
  },
  'publicListings.nameTooLong': {
    'zh-CN': '名称不能超过 100 个字符',
    'zh-TW': '名稱不能超過 100 個字元',
    'en-US': 'The name can be at most 100 characters.',
  },
  'publicListings.nameTaken': {
    'zh-CN': '已有同名分类',
    'zh-TW': '已有同名分類',
    'en-US': 'A classification with this name already exists.',
  },
  'publicListings.keywordTooLong': {
    'zh-CN': '关键词不能超过 100 个字符',
    'zh-TW': '關鍵詞不能超過 100 個字元',
    'en-US': 'The keyword can be at most 100 characters.',
  },
  'publicListings.chargeInvalid': {
    'zh-CN': '报名费须为不小于 0 的金额，最多两位小数',
    'zh-TW': '報名費須為不小於 0 的金額，最多兩位小數',
    'en-US': 'The sign-up charge must be an amount of at least 0 with at most two decimals.',
  },
  'publicListings.certificationTooLong': {
    'zh-CN': '证书名称不能超过 100 个字符',
    'zh-TW': '證書名稱不能超過 100 個字元',
    'en-US': 'The certification title can be at most 100 characters.',
  },
  'publicListings.creditStateInvalid': {
    'zh-CN': '学分状态无效',
    'zh-TW': '學分狀態無效',
    'en-US': 'The credit state is not valid.',
  },
  'publicListings.tooManyCourses': {
    'zh-CN': '一个课程体系最多包含 100 门课程',
    'zh-TW': '一個課程體系最多包含 100 門課程',
    'en-US': 'A curriculum can hold at most 100 courses.',
  },
  'publicListings.classificationUnknown': {
    'zh-CN': '分类不存在',
    'zh-TW': '分類不存在',
    'en-US': 'This classification does not exist.',
  },
  'publicListings.courseUnknown': {
    'zh-CN': '课程不存在或不属于本机构',
    'zh-TW': '課程不存在或不屬於本機構',
    'en-US': 'A course does not exist or belongs to another organisation.',
  },
  'publicListings.coverInvalid': {
    'zh-CN': '封面必须是 http(s) 图片地址或本站上传的图片',
    'zh-TW': '封面必須是 http(s) 圖片位址或本站上傳的圖片',
    'en-US': 'The cover must be an http(s) picture address or an uploaded picture.',
  },
  'publicListings.notFound': {
    'zh-CN': '内容不存在',
    'zh-TW': '內容不存在',
    'en-US': 'This does not exist.',
  },
  'publicListings.videoTypeInvalid': {
    'zh-CN': '视频类型只能是 promotion_video',
    'zh-TW': '影片類型只能是 promotion_video',
    'en-US': 'The video type must be promotion_video.',
  },
  'publicListings.videoDurationInvalid': {
    'zh-CN': '视频时长须为大于 0 且不超过 12 小时的秒数',
    'zh-TW': '影片時長須為大於 0 且不超過 12 小時的秒數',
    'en-US': 'The video duration must be a number of seconds above 0 and at most 12 hours.',
  },
  'publicListings.videoUploadUnknown': {
    'zh-CN': '找不到该文件，或它不是你上传的',
    'zh-TW': '找不到該檔案，或它不是你上傳的',
    'en-US': 'This file does not exist or was not uploaded by you.',
  },
  'publicListings.videoTypeNotAllowed': {
    'zh-CN': '宣传视频只能是 MP4 或 WebM 文件',
    'zh-TW': '宣傳影片只能是 MP4 或 WebM 檔案',
    'en-US': 'A promotion video must be an MP4 or WebM file.',
  },
  'publicListings.videoTooLarge': {
    'zh-CN': '宣传视频不能超过 {maximum}',
    'zh-TW': '宣傳影片不能超過 {maximum}',
    'en-US': 'A promotion video can be at most {maximum}.',
  },
} satisfies Record<string, Localized>;
