import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildResources,
  detectLocale,
  i18n,
  loadLocaleMessages,
  LOCALE_STORAGE_KEY,
  setLocale,
} from './i18n.ts';

afterEach(async () => {
  Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN'], configurable: true });
  await i18n.changeLanguage('zh-CN');
});

function browserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

describe('detectLocale', () => {
  it('prefers the stored choice', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en-US');
    browserLanguages(['zh-CN']);
    expect(detectLocale()).toBe('en-US');
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    browserLanguages(['zh-TW']);
    expect(detectLocale()).toBe('zh-TW');
  });

  it('maps Macau and Hong Kong Chinese to Traditional Chinese', () => {
    browserLanguages(['zh-MO']);
    expect(detectLocale()).toBe('zh-TW');
    browserLanguages(['zh-HK']);
    expect(detectLocale()).toBe('zh-TW');
  });

  it('uses the first supported browser language, else Simplified Chinese', () => {
    browserLanguages(['fr-FR', 'en-GB']);
    expect(detectLocale()).toBe('en-US');
    browserLanguages(['fr-FR']);
    expect(detectLocale()).toBe('zh-CN');
  });
});

describe('setLocale', () => {
  it('persists the choice and updates <html lang> and dayjs', async () => {
    await setLocale('zh-TW');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(dayjs.locale()).toBe('zh-tw');
    expect(i18n.t('shared:actions.save')).toBe('儲存');

    await setLocale('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(dayjs.locale()).toBe('en');
  });
});

describe('messages by namespace', () => {
  // test/setup.ts loads everything; these start from a namespace that is not there yet, as the app does.
  afterEach(async () => {
    await loadLocaleMessages('zh-CN');
    await loadLocaleMessages('zh-TW');
  });

  it('fetches a namespace when it is first asked for, in the language in use, and only that one', async () => {
    i18n.removeResourceBundle('zh-CN', 'calendar');
    i18n.removeResourceBundle('zh-TW', 'calendar');
    expect(i18n.t('calendar:title')).toBe('title');

    await i18n.loadNamespaces('calendar');

    expect(i18n.t('calendar:title')).toBe('日历');
    expect(i18n.hasResourceBundle('zh-TW', 'calendar')).toBe(false);
  });

  it('brings every namespace in use along when the language changes', async () => {
    i18n.removeResourceBundle('zh-TW', 'calendar');
    // In use: a component asked for it (removing a bundle also forgets its namespace).
    await i18n.loadNamespaces('calendar');

    await setLocale('zh-TW');

    expect(i18n.t('calendar:title')).toBe('行事曆');
  });
});

describe('buildResources', () => {
  it('names namespaces after the feature folder, and shared for the shared folder', () => {
    const resources = buildResources({
      '../locales/en-US.json': { a: 'A' },
      '../../features/courses/locales/en-US.json': { b: 'B' },
      '../../features/courses/locales/de-DE.json': { b: 'B' },
    });
    expect(resources).toEqual({ 'en-US': { shared: { a: 'A' }, courses: { b: 'B' } } });
  });

  it("merges a feature's part files (<lang>.<part>.json) into its namespace", () => {
    const resources = buildResources({
      '../../features/exams/locales/en-US.json': { editor: { title: 'E' } },
      '../../features/exams/locales/en-US.taking.json': { taking: { title: 'T' } },
    });
    expect(resources).toEqual({ 'en-US': { exams: { editor: { title: 'E' }, taking: { title: 'T' } } } });
  });

  it('registers every feature found on disk', () => {
    expect(i18n.hasResourceBundle('zh-CN', 'shared')).toBe(true);
    expect(i18n.hasResourceBundle('zh-TW', 'identity')).toBe(true);
  });
});
