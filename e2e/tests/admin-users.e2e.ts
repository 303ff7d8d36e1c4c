import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, login } from '../support/browser.ts';
import { expectPath, gone, toast, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** Fills the login form and submits it, without expecting to get in. */
async function tryLogin(page: Page, loginName: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('学号/工号或邮箱', { exact: true }).fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

describe('user management', () => {
  test('an admin creates a user and deactivates it, after which it cannot sign in', async () => {
    const admin = await journey.browser.newPage();
    await login(admin, 'admin');

    // The user menu in the top bar leads to user management.
    await admin
      .getByRole('banner')
      .getByRole('button', { name: /System Administrator/ })
      .click();
    await admin.getByRole('menuitem', { name: '用户管理' }).click();
    await expectPath(admin, '/admin/users');
    await visible(admin.getByRole('heading', { level: 1, name: '用户管理' }));

    const userNo = `e2e${Date.now()}`;
    const name = `测试用户 ${userNo.slice(-6)}`;
    const password = 'e2e-initial-pass';

    await admin.getByRole('button', { name: '新建用户' }).click();
    const dialog = admin.getByRole('dialog', { name: '新建用户' });
    await visible(dialog);
    await dialog.getByLabel('学号/工号', { exact: true }).fill(userNo);
    await dialog.getByLabel('姓名', { exact: true }).fill(name);
    await dialog.getByLabel('密码', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(admin, '用户已创建'));
    await gone(dialog);

    // Found by searching for the user number.
    const search = admin.getByRole('searchbox', { name: '搜索用户' });
    await search.fill(userNo);
    await search.press('Enter');
    await expect.poll(() => new URL(admin.url()).searchParams.get('keyword')).toBe(userNo);
    const rows = admin.getByRole('table').getByRole('row').filter({ hasText: userNo });
    await visible(rows);
    await expect.poll(() => rows.count()).toBe(1);
    await visible(rows.getByRole('cell', { name: name, exact: true }));
    await visible(rows.getByText('已启用', { exact: true }));
    await visible(admin.getByText('共 1 人', { exact: true }));

    // The new account works.
    const newcomer = await journey.browser.newPage();
    await login(newcomer, userNo, password);
    await visible(newcomer.getByRole('heading', { level: 1, name: '我的课程' }));
    await visible(newcomer.getByRole('banner').getByRole('button', { name: new RegExp(name) }));

    // Deactivate it, confirming first: the question is a dialog holding the focus, so the keyboard answers it.
    await rows.getByRole('button', { name: /^停\s*用$/ }).click();
    const confirm = admin
      .getByRole('dialog')
      .filter({ hasText: `确定停用“${name}”吗？停用后该用户将无法登录。` });
    await visible(confirm);
    const confirmButton = confirm.getByRole('button', { name: /^停\s*用$/ });
    await expect.poll(() => confirmButton.evaluate((button) => button.matches(':focus'))).toBe(true);
    await admin.keyboard.press('Enter');
    await gone(confirm);
    await visible(toast(admin, `已停用“${name}”`));
    await visible(rows.getByText('已停用', { exact: true }));
    await visible(rows.getByRole('button', { name: /^启\s*用$/ }));

    // A deactivated account can no longer sign in, and the session it had is over.
    const visitor = await journey.browser.newPage();
    await tryLogin(visitor, userNo, password);
    await visible(visitor.getByRole('alert').filter({ hasText: '该账号已停用，请联系管理员' }));
    await expectPath(visitor, '/login');

    await newcomer.reload();
    await expectPath(newcomer, '/login');
    await visible(newcomer.getByRole('button', { name: /^登\s*录$/ }));

    // A wrong password still gets the generic answer, which does not reveal the account's state.
    await tryLogin(visitor, userNo, `${DEMO_PASSWORD}-wrong`);
    await visible(visitor.getByRole('alert').filter({ hasText: '账号或密码错误' }));
  });
});
