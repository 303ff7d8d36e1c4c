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

type Frame = {
  value: unknown;
  /** The array index or object key that led here (undefined at the root). */
  key: string | number | undefined;
  parent: Frame | undefined;
};

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (or object key) in a parsed JSON/query value that cannot be stored.
 * Walked with an explicit stack whose frames point at their parents: a request body nested thousands of
 * levels deep must neither overflow the call stack (a 500) nor cost time quadratic in its depth (copying
 * the path at every level took seconds of CPU for a 30 KB body); the path is built once, when found.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    // Same order as reading the value front to back: an object key is checked before what it holds.
    if (typeof frame.key === 'string' && !isStorableText(frame.key)) return [...path, ...pathOf(frame)];
    const current = frame.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return [...path, ...pathOf(frame)];
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i], key: i, parent: frame });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: frame });
      }
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
