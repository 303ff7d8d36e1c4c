import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { gone, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** What each language calls the switcher, so it can be found whatever language is showing. */
const SWITCHER_LABEL = /^(界面语言|介面語言|Interface language)$/;

/** Picks a language from the top bar's switcher (its options are named in their own language). */
async function chooseLanguage(page: Page, language: '简体中文' | '繁體中文' | 'English'): Promise<void> {
  await page.getByRole('combobox', { name: SWITCHER_LABEL }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
}

/** The remembered choice, read from the page's local storage as the browser holds it. */
async function storedLocale(page: Page): Promise<string | null> {
  const { origins } = await page.context().storageState();
  const origin = origins.find((o) => o.origin === new URL(page.url()).origin);
  return origin?.localStorage.find((item) => item.name === 'lectern.locale')?.value ?? null;
}

async function documentLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

describe('interface language', () => {
  test('the top-bar switcher changes the texts, and the choice survives a reload', async () => {
    const page = await journey.browser.newPage('zh-CN');
    await login(page, 't1001');

    await visible(page.getByRole('heading', { level: 1, name: '我的课程' }));
    await visible(page.getByRole('tab', { name: '我教的课' }));
    await visible(page.getByRole('combobox', { name: '界面语言' }));
    expect(await storedLocale(page)).toBeNull();

    await chooseLanguage(page, 'English');
    await visible(page.getByRole('heading', { level: 1, name: 'My courses' }));
    await visible(page.getByRole('tab', { name: 'Teaching' }));
    await visible(page.getByRole('combobox', { name: 'Interface language' }));
    await gone(page.getByRole('heading', { name: '我的课程' }));
    expect(await documentLang(page)).toBe('en-US');
    expect(await storedLocale(page)).toBe('en-US');

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'My courses' }));
    await visible(page.getByRole('tab', { name: 'Learning' }));
    expect(await documentLang(page)).toBe('en-US');

    await chooseLanguage(page, '繁體中文');
    await visible(page.getByRole('heading', { level: 1, name: '我的課程' }));
    await visible(page.getByRole('tab', { name: '我修的課' }));
    await visible(page.getByRole('combobox', { name: '介面語言' }));
    expect(await documentLang(page)).toBe('zh-TW');
    expect(await storedLocale(page)).toBe('zh-TW');

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: '我的課程' }));
    await visible(page.getByRole('tab', { name: '我教的課' }));
    expect(await page.getByRole('heading', { name: 'My courses' }).count()).toBe(0);
  });

  test('server messages come back in the chosen language', async () => {
    // Without motion the sign-in button's loading icon goes at once; its fade-out once outlasted the wait.
    const page = await journey.browser.newPage('zh-CN', { reducedMotion: true });
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: '登录 Lectern' }));

    await chooseLanguage(page, 'English');
    await visible(page.getByRole('heading', { level: 1, name: 'Sign in to Lectern' }));
    const account = page.getByLabel('User number or e-mail', { exact: true });
    await account.fill('t1001');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The sentence is the server's own, asked for in the page's language.
    const response = await answer;
    expect(response.status()).toBe(401);
    expect(await response.request().headerValue('accept-language')).toBe('en-US');
    expect(((await response.json()) as { message: string }).message).toBe(
      'The account or password is incorrect.',
    );
    const englishError = page.getByRole('alert').filter({ hasText: 'The account or password is incorrect.' });
    await visible(englishError);
    // Ready again once the button's loading icon has faded out: changing the language while it fades can
    // leave antd's icon behind, stuck, and in the button's name ("loading 登 入").
    await visible(page.getByRole('button', { name: 'Sign in', exact: true }));

    // Editing the form clears the old answer; the next one is in the newly chosen language.
    await chooseLanguage(page, '繁體中文');
    await visible(page.getByRole('heading', { level: 1, name: '登入 Lectern' }));
    await page.getByLabel('密碼', { exact: true }).fill('still-not-the-password');
    await gone(englishError);
    await page.getByRole('button', { name: /^登\s*入$/ }).click();
    await visible(page.getByRole('alert').filter({ hasText: '帳號或密碼錯誤' }));
    expect(await page.getByText('The account or password is incorrect.').count()).toBe(0);
  });

  test('a first visit follows the browser language until the user chooses', async () => {
    const english = await journey.browser.newPage('en-US');
    await english.goto('/login');
    await visible(english.getByRole('heading', { level: 1, name: 'Sign in to Lectern' }));

    const traditional = await journey.browser.newPage('zh-TW');
    await traditional.goto('/login');
    await visible(traditional.getByRole('heading', { level: 1, name: '登入 Lectern' }));
    await chooseLanguage(traditional, '简体中文');
    await visible(traditional.getByRole('heading', { level: 1, name: '登录 Lectern' }));
    await traditional.reload();
    await visible(traditional.getByRole('heading', { level: 1, name: '登录 Lectern' }));
  });
});
