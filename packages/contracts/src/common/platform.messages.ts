import type { Localized } from './messages.ts';

/** Messages of cross-cutting server mechanisms (archive limits, request-origin checks), not of a domain. */
export const platformMessages = {
  'zip.tooLarge': {
    'zh-CN': '文件解压后超过 {limit_mb} MB，无法处理。文件可能已损坏，或是恶意构造的压缩包',
    'zh-TW': '檔案解壓縮後超過 {limit_mb} MB，無法處理。檔案可能已損毀，或是惡意構造的壓縮檔',
    'en-US':
      'This file unpacks to more than {limit_mb} MB and cannot be processed. It may be damaged or a deliberately crafted archive.',
  },
  'zip.tooManyEntries': {
    'zh-CN': '文件包含的部件超过 {limit} 个，无法处理。文件可能已损坏，或是恶意构造的压缩包',
    'zh-TW': '檔案包含的部件超過 {limit} 個，無法處理。檔案可能已損毀，或是惡意構造的壓縮檔',
    'en-US':
      'This file holds more than {limit} parts and cannot be processed. It may be damaged or a deliberately crafted archive.',
  },
  'zip.unreadable': {
    'zh-CN': '无法读取该文件的压缩内容，文件可能已损坏或已加密',
    'zh-TW': '無法讀取該檔案的壓縮內容，檔案可能已損毀或已加密',
    'en-US': 'The packed contents of this file cannot be read. It may be damaged or encrypted.',
  },
  'request.crossSiteRefused': {
    'zh-CN': '出于安全考虑，不能从其他网站的链接开始此操作。请在 Lectern 页面中操作',
    'zh-TW': '基於安全考量，不能從其他網站的連結開始此操作。請在 Lectern 頁面中操作',
    'en-US':
      'For your safety, this cannot be started from a link on another site. Please start it from Lectern itself.',
  },
} as const satisfies Record<string, Localized>;
