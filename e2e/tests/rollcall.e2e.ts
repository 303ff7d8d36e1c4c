import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import {
  CS201,
  expectPath,
  openCourseFromMyCourses,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

const journey = useJourneyServer();

/** Opens the course's roll-call page through its section link, as a user would. */
async function openRollcalls(page: Page): Promise<number> {
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await page
    .getByRole('navigation', { name: '课程栏目' })
    .getByRole('link', { name: '点名', exact: true })
    .click();
  await expectPath(page, `/course/${courseId}/rollcalls`);
  return courseId;
}

/** True when the page is wider than the window, i.e. the user would have to scroll sideways. */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

async function checkIn(page: Page, studentNo: string, code: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, studentNo);
  await openRollcalls(page);
  await page.getByLabel('教师公布的签到码').fill(code);
  await page.getByRole('button', { name: /^签\s*到$/ }).click();
  await visible(page.getByText('你已签到。'));
  expect(await overflowsSideways(page)).toBe(false);
}

describe('roll call', () => {
  test('an instructor projects a number roll call and the count follows two students checking in on phones', async () => {
    const projector = await journey.browser.newPage();
    await login(projector, 't1001');
    const courseId = await openRollcalls(projector);
    await projector.getByRole('button', { name: '发起点名' }).click();
    const dialog = projector.getByRole('dialog');
    await visible(dialog);
    await dialog.getByLabel('标题').fill('第 3 周课堂');
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();

    await expectPath(projector, new RegExp(`^/course/${courseId}/rollcalls/\\d+/projector$`));
    const codeBox = projector.getByTestId('projector-code');
    await visible(codeBox);
    const code = (await codeBox.innerText()).trim();
    expect(code).toMatch(/^\d{4}$/);
    const count = projector.getByRole('status').filter({ hasText: '已签到' });
    await visible(count);
    const total = /已签到 0 \/ (\d+)/.exec(await count.innerText())?.[1];
    expect(Number(total)).toBeGreaterThan(1);

    await checkIn(await journey.browser.newPage(), 's20240001', code);
    await expect.poll(() => count.innerText(), { timeout: UI_TIMEOUT }).toBe(`已签到 1 / ${total}`);
    await checkIn(await journey.browser.newPage(), 's20240002', code);
    // No reload: the projector learns of each check-in through the push stream.
    await expect.poll(() => count.innerText(), { timeout: UI_TIMEOUT }).toBe(`已签到 2 / ${total}`);
  });
});
