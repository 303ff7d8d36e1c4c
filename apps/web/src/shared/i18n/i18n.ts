import {
  LOCALES,
  localeFromAcceptLanguage,
  normalizeLocale,
  type Locale,
} from '@lectern/contracts/common/locale';
import dayjs from 'dayjs';
import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antd-locale.ts';

export const LOCALE_STORAGE_KEY = 'lectern.locale';
export const SHARED_NAMESPACE = 'shared';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

/** dayjs speaks English out of the box; the Chinese locales are fetched with the language that needs them. */
const DAYJS_LOCALE_LOADERS: Record<Locale, () => Promise<unknown>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
  'en-US': () => Promise.resolve(),
};

type Messages = Record<string, unknown>;

// Every feature drops its strings next to its code; nothing here has to change when a feature is added.
// Lazy: vite.config.ts bundles each feature's files of one language into one chunk (its namespace), and
// i18next fetches a namespace when the first component asking for it renders, in the language in use
// (every language eagerly cost the first load some 45 KB of gzipped JavaScript, one whole language 23 KB).
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

/** The message files of one namespace in one language (a feature's part files included). */
function namespaceFiles(locale: string, namespace: string) {
  return Object.entries(localeFiles).filter(([path]) => {
    const match = LOCALE_FILE.exec(path);
    return match?.[2] === locale && (match[1] ?? SHARED_NAMESPACE) === namespace;
  });
}

async function readNamespace(locale: string, namespace: string): Promise<Messages> {
  const files = namespaceFiles(locale, namespace);
  const loaded = await Promise.all(files.map(async ([path, load]) => [path, await load()] as const));
  return (buildResources(Object.fromEntries(loaded))[locale]?.[namespace] ?? {}) as Messages;
}

/**
 * i18next asks for a namespace when a component's useTranslation(namespace) first renders (it suspends
 * until the messages are in) and, on a language switch, for every namespace already in use.
 */
const lazyMessages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    readNamespace(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Every namespace on disk. */
const namespaces = [
  ...new Set(Object.keys(localeFiles).map((path) => LOCALE_FILE.exec(path)?.[1] ?? SHARED_NAMESPACE)),
];

const dayjsLocales = new Map<Locale, Promise<unknown>>();

function loadDayjsLocale(locale: Locale): Promise<unknown> {
  let loading = dayjsLocales.get(locale);
  if (!loading) {
    loading = DAYJS_LOCALE_LOADERS[locale]();
    // A failed download (network) may be retried by the next switch.
    loading.catch(() => dayjsLocales.delete(locale));
    dayjsLocales.set(locale, loading);
  }
  return loading;
}

/** What a language needs besides its messages: its dayjs and antd locales. */
function loadLibraryLocales(locale: Locale): Promise<unknown> {
  return Promise.all([loadDayjsLocale(locale), loadAntdLocale(locale)]);
}

/**
 * Fetches all of one language's messages and its library locales. The app never needs this (namespaces
 * come as pages ask for them); tests switch languages freely and load everything up front.
 */
export async function loadLocaleMessages(locale: Locale): Promise<void> {
  // Not i18n.loadLanguages: it would make every later namespace fetch bring this language too.
  await loadLibraryLocales(locale);
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(locale, namespace)) return;
      i18n.addResourceBundle(locale, namespace, await readNamespace(locale, namespace), true, true);
    }),
  );
}

/**
 * Fetches the namespaces no page has asked for yet, in the language in use: called once the first page is
 * up, so that later pages and dialogs rarely wait for their messages (a component whose namespace is
 * missing suspends until it arrives).
 */
export function prefetchMessages(): Promise<unknown> {
  return i18n.loadNamespaces(namespaces);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
  await loadLibraryLocales(locale);
  // i18next fetches every namespace in use in the new language before it switches.
  await i18n.changeLanguage(locale);
}

i18n.on('languageChanged', applyLocale);

const initialLocale = detectLocale();

void i18n
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    lng: initialLocale,
    // Every language has every key (locales.test.ts): a fallback would only fetch a second language.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    // Only the messages every page uses are fetched at start; the rest come with the pages asking.
    ns: [SHARED_NAMESPACE],
    defaultNS: SHARED_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

/** Settles when the shared messages and library locales of the language the page starts in are in. */
export const initialLocaleReady: Promise<void> = Promise.all([
  loadLibraryLocales(initialLocale),
  i18n.loadNamespaces(SHARED_NAMESPACE),
]).then(() => applyLocale(initialLocale));

export { i18n };
