import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, expectPath, gone, toast, useJourneyServer, visible } from '../support/journey.ts';
import { seriousAxeFindings } from '../support/a11y.ts';

// A model "is configured" so the instructor's credit page is offered; no call ever reaches it here.
const journey = useJourneyServer({ env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'e2e-model' } });

/** Serious or critical axe-core findings, and whether the page itself scrolls sideways. */
async function auditAt768(page: Page): Promise<{ findings: string[]; scrollsSideways: boolean }> {
  const findings = await seriousAxeFindings(page);
  const scrollsSideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  return { findings, scrollsSideways };
}

describe('AI credits', () => {
  test('an instructor asks for credits; the administrator approves and funds a course', async () => {
    const reason = `期末批改 ${Date.now()}`;

    // The instructor asks from "my AI credits", reached from the user menu.
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    await teacher.getByRole('banner').getByRole('button', { name: /李伟/ }).click();
    await teacher.getByRole('menuitem', { name: '我的 AI 积分' }).click();
    await expectPath(teacher, '/user/ai-credits');
    await teacher.getByRole('button', { name: '申请更多积分' }).click();
    const ask = teacher.getByRole('dialog', { name: '申请更多 AI 积分' });
    await ask.getByLabel('积分', { exact: true }).fill('200');
    await ask.getByLabel('理由', { exact: true }).fill(reason);
    await ask.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '申请已提交'));
    await visible(teacher.getByRole('row').filter({ hasText: reason }).getByText('待审批'));

    // The administrator funds the organisation, then grants the request from the AI credits page.
    // Without motion: a click on a dialog's button just after it opened sometimes went nowhere in CI (the
    // dialog stayed open, its button never loading), as when antd's zoom-in holds the button, still small,
    // where Playwright measured it still.
    const admin = await journey.browser.newPage(undefined, { reducedMotion: true });
    await login(admin, 'admin');
    await admin.goto('/admin/users');
    await admin.getByRole('navigation', { name: '管理' }).getByRole('link', { name: 'AI 积分' }).click();
    await expectPath(admin, '/admin/ai');
    await admin.getByRole('button', { name: '设置机构积分' }).click();
    const fund = admin.getByRole('dialog', { name: '设置机构积分' });
    await fund.getByLabel('机构积分', { exact: true }).fill('1000');
    await fund.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(admin, '机构积分已保存'));

    await admin.getByRole('tab', { name: '申请' }).click();
    const request = admin.getByRole('row').filter({ hasText: reason });
    await request.getByRole('button', { name: /^批准 .* 的申请$/ }).click();
    const approve = admin.getByRole('dialog').filter({ hasText: '批准积分' });
    await expect.poll(() => approve.getByLabel('批准积分', { exact: true }).inputValue()).toBe('200');
    await approve.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(admin, '申请已批准'));
    await gone(approve);
    await visible(request.getByText('已批准'));

    // A course gets its own credit, with AI switched on.
    await admin.getByRole('tab', { name: '课程' }).click();
    await admin.getByPlaceholder('课程名称、代码或班级').fill(CS201.name);
    await admin.getByPlaceholder('课程名称、代码或班级').press('Enter');
    const course = admin.getByRole('row').filter({ hasText: CS201.name }).first();
    await course.getByRole('button', { name: `为 ${CS201.name} 分配积分` }).click();
    const allocate = admin.getByRole('dialog', { name: `为 ${CS201.name} 分配积分` });
    await allocate.getByLabel('已分配', { exact: true }).fill('300');
    await allocate.getByRole('switch', { name: '启用 AI' }).click();
    await allocate.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(admin, '积分已分配'));
    await visible(course.getByText('可用', { exact: true }));

    // The instructor's balance shows the grant.
    await teacher.reload();
    await visible(teacher.getByRole('row').filter({ hasText: reason }).getByText('已批准'));
    const remaining = teacher.locator('.ant-card').filter({ hasText: '剩余' });
    await expect.poll(() => remaining.innerText()).toMatch(/200/);
  }, 60_000);

  test('the AI pages have no serious accessibility findings and do not scroll sideways at 768 px', async () => {
    const admin = await journey.browser.newPage(undefined, { reducedMotion: true });
    await admin.setViewportSize({ width: 768, height: 1024 });
    await login(admin, 'admin');
    await admin.goto('/admin/ai?tab=users');
    await visible(admin.getByRole('table'));
    expect(await auditAt768(admin)).toEqual({ findings: [], scrollsSideways: false });

    const teacher = await journey.browser.newPage(undefined, { reducedMotion: true });
    await teacher.setViewportSize({ width: 768, height: 1024 });
    await login(teacher, 't1001');
    await teacher.goto('/user/ai-credits');
    await visible(teacher.getByRole('heading', { level: 1, name: '我的 AI 积分' }));
    await visible(teacher.getByRole('table'));
    expect(await auditAt768(teacher)).toEqual({ findings: [], scrollsSideways: false });
  }, 60_000);
});
