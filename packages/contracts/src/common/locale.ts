export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/**
 * Maps any BCP 47 tag a browser or client may send onto one of the three UI locales.
 * zh-MO and zh-HK read Traditional Chinese, so they map to zh-TW as the spec requires.
 */
export function normalizeLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (lower.startsWith('en')) return 'en-US';
  if (/^zh-(tw|mo|hk|hant)/.test(lower)) return 'zh-TW';
  if (lower.startsWith('zh')) return 'zh-CN';
  return DEFAULT_LOCALE;
}

/** Picks the best locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh') || lower.startsWith('en')) return normalizeLocale(tag);
  }
  return DEFAULT_LOCALE;
}
