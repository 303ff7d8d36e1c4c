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
// Lazy: vite.config.ts bundles each language's files into one chunk, and only the language in use is
// fetched (all three eagerly cost every first page load some 45 KB of gzipped JavaScript).
const localeFiles = import.meta.glob<Messages>(['../locales/*.json', '../../features/*/locales/*.json'], {
  import: 'default',
});

const LOCALE_FILE = /(?:features\/([^/]+)\/)?locales\/([^/.]+)(?:\.[\w-]+)?\.json$/;

/**
 * Maps `.../features/<feature>/locales/<lang>.json` to namespace `<feature>`, and `shared/locales` to `shared`.
 * A large feature may split its strings into parts, `<lang>.<part>.json`, merged into the same namespace;
 * parts must use distinct top-level keys.
 */
export function buildResources(files: Record<string, Messages>): Resource {
  const resources: Resource = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = LOCALE_FILE.exec(path);
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

const loadedLocales = new Map<Locale, Promise<void>>();

/** Fetches one language's messages (once) and registers them; the UI must not switch before this settles. */
export function loadLocaleMessages(locale: Locale): Promise<void> {
  let loading = loadedLocales.get(locale);
  if (!loading) {
    loading = (async () => {
      const files = Object.entries(localeFiles).filter(([path]) => LOCALE_FILE.exec(path)?.[2] === locale);
      const loaded = await Promise.all(files.map(async ([path, load]) => [path, await load()] as const));
      const resources = buildResources(Object.fromEntries(loaded));
      for (const [namespace, messages] of Object.entries(resources[locale] ?? {})) {
        i18n.addResourceBundle(locale, namespace, messages, true, true);
      }
    })();
    // A failed download (network) may be retried by the next switch.
    loading.catch(() => loadedLocales.delete(locale));
    loadedLocales.set(locale, loading);
  }
  return loading;
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
  await loadLocaleMessages(locale);
  await i18n.changeLanguage(locale);
}

/** Every namespace on disk, so i18next knows them before their messages arrive. */
const namespaces = [
  ...new Set(Object.keys(localeFiles).map((path) => LOCALE_FILE.exec(path)?.[1] ?? SHARED_NAMESPACE)),
];

i18n.on('languageChanged', applyLocale);

const initialLocale = detectLocale();

void i18n.use(initReactI18next).init({
  // Filled by loadLocaleMessages; main.tsx renders once the initial language has arrived.
  resources: {},
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: namespaces,
  defaultNS: SHARED_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/** Settles when the messages of the language the page starts in are registered. */
export const initialLocaleReady: Promise<void> = loadLocaleMessages(initialLocale);

export { i18n };
