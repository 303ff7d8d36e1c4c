import {
  DEFAULT_LOCALE,
  LOCALES,
  localeFromAcceptLanguage,
  normalizeLocale,
  type Locale,
} from '@lectern/contracts/common/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALE_STORAGE_KEY = 'lectern.locale';
export const SHARED_NAMESPACE = 'shared';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

type Messages = Record<string, unknown>;

// Every feature drops its strings next to its code; nothing here has to change when a feature is added.
const localeFiles = import.meta.glob<Messages>(['../locales/*.json', '../../features/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

/**
 * Maps `.../features/<feature>/locales/<lang>.json` to namespace `<feature>`, and `shared/locales` to `shared`.
 * A large feature may split its strings into parts, `<lang>.<part>.json`, merged into the same namespace;
 * parts must use distinct top-level keys.
 */
export function buildResources(files: Record<string, Messages>): Resource {
  const resources: Resource = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /(?:features\/([^/]+)\/)?locales\/([^/.]+)(?:\.[\w-]+)?\.json$/.exec(path);
    if (!match) continue;
    const namespace = match[1] ?? SHARED_NAMESPACE;
    const language = match[2] ?? '';
    if (!(LOCALES as readonly string[]).includes(language)) continue;
    const byNamespace = (resources[language] ??= {});
    byNamespace[namespace] = { ...(byNamespace[namespace] as Messages | undefined), ...messages };
  }
  return resources;
}

function readStoredLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return LOCALES.find((locale) => locale === stored);
  } catch {
    // Storage can be blocked (private mode, strict cookie settings); detection then falls back to the browser.
    return undefined;
  }
}

/** A stored choice wins; otherwise the first Chinese or English entry of the browser's language list. */
export function detectLocale(): Locale {
  const stored = readStoredLocale();
  if (stored) return stored;
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return localeFromAcceptLanguage(languages.join(','));
}

export function currentLocale(): Locale {
  return normalizeLocale(i18n.resolvedLanguage ?? i18n.language);
}

function applyLocale(language: string): void {
  const locale = normalizeLocale(language);
  document.documentElement.lang = locale;
  dayjs.locale(DAYJS_LOCALES[locale]);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
  await i18n.changeLanguage(locale);
}

const resources = buildResources(localeFiles);

i18n.on('languageChanged', applyLocale);

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  defaultNS: SHARED_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
