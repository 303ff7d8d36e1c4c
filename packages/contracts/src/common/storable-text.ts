import type { Localized } from './messages.ts';

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16 surrogate is not valid UTF-8: either
 * would make a write fail deep in the database after the request was accepted. Requests carrying them are
 * refused up front, naming the field, so a client learns what to fix and nothing is half-written.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first string (or object key) in a parsed JSON/query value that cannot be stored. */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export const storableTextMessages = {
  'text.unstorable_character': {
    'zh-CN': '内容包含无法保存的字符（如空字符 U+0000 或不完整的 Unicode 代理对），请删除后重试',
    'zh-TW': '內容包含無法儲存的字元（如空字元 U+0000 或不完整的 Unicode 代理對），請刪除後重試',
    'en-US':
      'The text contains a character that cannot be stored (a NUL U+0000 or a broken Unicode surrogate). Please remove it and try again.',
  },
} as const satisfies Record<string, Localized>;
