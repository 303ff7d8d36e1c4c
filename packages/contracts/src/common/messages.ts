import type { ErrorCode } from './errors.schemas.ts';
import type { Locale } from './locale.ts';

/** A sentence in every UI locale. Server messages are catalogued so clients get them in their language. */
export type Localized = Readonly<Record<Locale, string>>;
export type MessageCatalogue = Readonly<Record<string, Localized>>;

export type MessageParams = Readonly<Record<string, string | number>>;

/** Replaces `{name}` placeholders; unknown placeholders are left visible so a missing param is noticed. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Default sentence for each error code, used when a service gives no more specific one. */
export const errorCodeMessages = {
  'error.validation_failed': {
    'zh-CN': '提交的内容有误，请检查后重试',
    'zh-TW': '提交的內容有誤，請檢查後重試',
    'en-US': 'Some fields are invalid. Please check and try again.',
  },
  'error.unauthenticated': {
    'zh-CN': '请先登录',
    'zh-TW': '請先登入',
    'en-US': 'Please sign in first.',
  },
  'error.invalid_credentials': {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'The account or password is incorrect.',
  },
  'error.account_disabled': {
    'zh-CN': '该账号已停用，请联系管理员',
    'zh-TW': '該帳號已停用，請聯絡管理員',
    'en-US': 'This account has been deactivated. Please contact your administrator.',
  },
  'error.csrf_failed': {
    'zh-CN': '出于安全考虑，已拒绝来自其他网站页面的请求。请在 Lectern 页面中操作',
    'zh-TW': '基於安全考量，已拒絕來自其他網站頁面的請求。請在 Lectern 頁面中操作',
    'en-US':
      'For your safety, a request sent from another site was refused. Please do this in Lectern itself.',
  },
  'error.forbidden': {
    'zh-CN': '没有权限执行此操作',
    'zh-TW': '沒有權限執行此操作',
    'en-US': 'You do not have permission to do this.',
  },
  'error.simulating_read_only': {
    'zh-CN': '模拟学生身份时不能进行此操作',
    'zh-TW': '模擬學生身分時不能進行此操作',
    'en-US': 'This is not allowed while viewing the course as a student.',
  },
  'error.not_found': {
    'zh-CN': '找不到请求的内容',
    'zh-TW': '找不到請求的內容',
    'en-US': 'The requested item was not found.',
  },
  'error.conflict': {
    'zh-CN': '操作与现有数据冲突',
    'zh-TW': '操作與現有資料衝突',
    'en-US': 'This conflicts with existing data.',
  },
  'error.payload_too_large': {
    'zh-CN': '文件或请求内容过大',
    'zh-TW': '檔案或請求內容過大',
    'en-US': 'The file or request is too large.',
  },
  'error.unsupported_media_type': {
    'zh-CN': '不支持的文件类型',
    'zh-TW': '不支援的檔案類型',
    'en-US': 'This file type is not supported.',
  },
  'error.rate_limited': {
    'zh-CN': '操作过于频繁，请稍后再试',
    'zh-TW': '操作過於頻繁，請稍後再試',
    'en-US': 'Too many attempts. Please wait a moment and try again.',
  },
  'error.internal': {
    'zh-CN': '服务器出错了，请稍后重试',
    'zh-TW': '伺服器出錯了，請稍後重試',
    'en-US': 'Something went wrong on the server. Please try again later.',
  },
  'error.account_locked': {
    'zh-CN': '该账号登录失败次数过多，已被暂时锁定，请稍后再试',
    'zh-TW': '該帳號登入失敗次數過多，已被暫時鎖定，請稍後再試',
    'en-US': 'Too many failed sign-ins for this account. It is locked for now; please try again later.',
  },
  'error.login_throttled': {
    'zh-CN': '你所在网络的登录失败次数过多，请稍后再试',
    'zh-TW': '你所在網路的登入失敗次數過多，請稍後再試',
    'en-US': 'Too many failed sign-ins from your network. Please try again later.',
  },
  'error.service_unavailable': {
    'zh-CN': '数据库暂时无法连接，请稍后重试；已保存的内容不会丢失',
    'zh-TW': '資料庫暫時無法連線，請稍後重試；已儲存的內容不會遺失',
    'en-US': 'The database cannot be reached right now. Please try again in a moment; nothing saved is lost.',
  },
  'error.bad_gateway': {
    'zh-CN': '外部服务返回了错误，请稍后重试',
    'zh-TW': '外部服務回傳了錯誤，請稍後重試',
    'en-US': 'An outside service answered with an error. Please try again later.',
  },
  'error.insufficient_storage': {
    'zh-CN': '服务器存储空间已满，文件未能保存，请联系管理员',
    'zh-TW': '伺服器儲存空間已滿，檔案未能儲存，請聯絡管理員',
    'en-US':
      'The server has run out of storage space, so the file was not saved. Please tell your administrator.',
  },
  'error.route_not_found': {
    'zh-CN': '接口不存在',
    'zh-TW': '介面不存在',
    'en-US': 'No such API route.',
  },
} as const satisfies Record<`error.${ErrorCode}` | 'error.route_not_found', Localized>;
