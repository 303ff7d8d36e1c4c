import type { Locale } from '@lectern/contracts/common/locale';
import type { Locale as AntdLocale } from 'antd/es/locale';

// Fetched with the language that needs it: statically, every page carried all three (antd's own default,
// en_US, comes with ConfigProvider anyway).
const LOADERS: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'en-US': () => import('antd/es/locale/en_US'),
};

const loaded = new Map<Locale, AntdLocale>();
const loading = new Map<Locale, Promise<void>>();

/** Fetches antd's texts (pagination, pickers, modals, empty states) for one language, once. */
export function loadAntdLocale(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]().then((module) => {
      loaded.set(locale, module.default);
    });
    // A failed download (network) may be retried by the next switch.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** antd's texts for a language already loaded; undefined (antd's English) before that. */
export function antdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}
