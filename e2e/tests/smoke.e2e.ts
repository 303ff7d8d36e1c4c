import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { expectPath, gone, useJourneyServer, visible } from '../support/journey.ts';

// Stays on the embedded database when the rest run on PostgreSQL: what `npm start` runs, proven end to end.
const journey = useJourneyServer({ embedded: true });

describe('smoke', () => {
  test('an anonymous visitor is sent to the login form and an instructor gets in', async () => {
    const page = await journey.browser.newPage();

    await page.goto('/');
    await expectPath(page, '/login');
    // RequireAuth keeps the way back, so the visitor lands where they were going.
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user/courses');
    await visible(page.getByRole('heading', { level: 1, name: '登录 Lectern' }));
    const submit = page.getByRole('button', { name: /^登\s*录$/ });
    await visible(submit);
    await visible(page.getByLabel('学号/工号或邮箱', { exact: true }));
    await visible(page.getByLabel('密码', { exact: true }));

    await login(page, 't1001');
    await expectPath(page, '/user/courses');

    // The session is real: the API knows who is signed in through the page's own cookies.
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(200);
    const user = (await me.json()) as { user_no: string; name: string };
    expect(user).toMatchObject({ user_no: 't1001', name: '李伟' });

    // The page after login is the signed-in shell: the user's menu in the top bar and their courses.
    await gone(submit);
    await visible(page.getByRole('banner').getByRole('button', { name: /李伟/ }));
    await visible(page.getByRole('heading', { level: 1, name: '我的课程' }));
    await visible(page.getByRole('link', { name: '数据结构与算法', exact: true }));
  });
});
