import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import {
  CS201,
  gone,
  openCourseFromMyCourses,
  toast,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';
import { seriousAxeFindings } from '../support/a11y.ts';

const journey = useJourneyServer();

/** True when the page is wider than the window, i.e. the user would have to scroll sideways. */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

async function voteIdOf(page: Page, courseId: number, title: string): Promise<number> {
  const response = await page.request.get(`/api/courses/${courseId}/activities`);
  expect(response.status()).toBe(200);
  const { activities } = (await response.json()) as { activities: { id: number; title: string }[] };
  const found = activities.find((activity) => activity.title === title);
  expect(found, 'the vote is listed by the API').toBeDefined();
  return found!.id;
}

describe('votes', () => {
  test('an instructor creates a vote, a student votes on a phone, and the results move without reload', async () => {
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await openCourseFromMyCourses(teacher, CS201.name);
    const title = `E2E 投票 ${Date.now()}`;

    await teacher
      .getByRole('region', { name: CS201.firstModule, exact: true })
      .getByRole('button', { name: `在“${CS201.firstModule}”中添加活动` })
      .click();
    const dialog = teacher.getByRole('dialog', { name: '添加活动' });
    await visible(dialog);
    const typeSelect = dialog.getByRole('combobox', { name: '活动类型' });
    await typeSelect.fill('投票');
    await typeSelect.press('Enter');
    await visible(dialog.getByTitle('投票', { exact: true }));
    await dialog.getByLabel('标题', { exact: true }).fill(title);
    await dialog.getByLabel('投票主题', { exact: true }).fill('下周讲哪一章？');
    await dialog.getByRole('textbox', { name: '选项 A' }).fill('图');
    await dialog.getByRole('textbox', { name: '选项 B' }).fill('树');
    await dialog.getByRole('button', { name: '添加选项' }).click();
    await dialog.getByRole('textbox', { name: '选项 C' }).fill('堆');
    await dialog.getByRole('switch', { name: '发布' }).click();
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '活动已创建'));
    await gone(dialog);

    const voteId = await voteIdOf(teacher, courseId, title);
    await teacher.goto(`/course/${courseId}/activity/${voteId}`);
    const turnout = teacher.getByRole('status').filter({ hasText: '人投票' });
    await visible(turnout);
    const total = /(\d+) 名学生中已有 0 人投票/.exec(await turnout.innerText())?.[1];
    expect(Number(total)).toBeGreaterThan(0);

    const student = await journey.browser.newPage();
    await student.setViewportSize({ width: 390, height: 844 });
    await login(student, 's20240001');
    await student.goto(`/course/${courseId}/activity/${voteId}`);
    await visible(student.getByText('下周讲哪一章？'));
    await student.getByRole('radio', { name: 'B. 树' }).check();
    await student.getByRole('button', { name: /^投\s*票$/ }).click();
    await visible(student.getByText('你的选择：B'));
    expect(await overflowsSideways(student)).toBe(false);

    // No reload: the instructor's page learns of the ballot through the push stream.
    await expect
      .poll(() => turnout.innerText(), { timeout: UI_TIMEOUT })
      .toBe(`${total} 名学生中已有 1 人投票`);
    await visible(teacher.getByRole('cell', { name: 'B', exact: true }));

    // The narrowest phone the spec names: nothing to scroll sideways, no serious axe finding.
    await student.setViewportSize({ width: 360, height: 740 });
    await student.reload();
    await visible(student.getByText('你的选择：B'));
    expect(await overflowsSideways(student)).toBe(false);
    expect(await seriousAxeFindings(student)).toEqual([]);

    // A vote ends by its end time: the job queued for that moment tells the course, and the phone shows
    // the results without reload. The instructor ends it now by moving its end time.
    await visible(student.getByText('投票结束后显示结果。'));
    const ended = await teacher.request.put(`/api/activities/${voteId}`, {
      data: { end_time: new Date().toISOString() },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    await visible(student.getByRole('list', { name: '各选项票数' }), UI_TIMEOUT);
    await visible(student.getByText('已结束', { exact: true }));
    await gone(student.getByText('投票结束后显示结果。'));
  });
});
