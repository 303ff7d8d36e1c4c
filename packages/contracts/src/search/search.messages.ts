import type { Localized } from '../common/messages.ts';

/** Server messages of the search, in every UI locale. */
export const searchMessages = {
  'search.keywordTooLong': {
    'zh-CN': '搜索词不能超过 {maximum} 个字符',
    'zh-TW': '搜尋詞不能超過 {maximum} 個字元',
    'en-US': 'The search can have at most {maximum} characters.',
  },
} as const satisfies Record<`search.${string}`, Localized>;
