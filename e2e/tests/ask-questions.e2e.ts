import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from '../support/a11y.ts';
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

const WATCHER = 's20240001';

/** Opens the course's ask-question page through its section link, as a user would. */
async function openAskQuestions(page: Page): Promise<number> {
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await page
    .getByRole('navigation', { name: '课程栏目' })
    .getByRole('link', { name: '提问', exact: true })
    .click();
  await expectPath(page, `/course/${courseId}/ask-questions`);
  return courseId;
}

/** The user numbers a draw named, read from the server's answer to the call that made it. */
async function drawnUserNos(response: Response): Promise<string[]> {
  const body = (await response.json()) as { current_pick: { students: { user_no: string }[] } | null };
  return body.current_pick?.students.map((s) => s.user_no) ?? [];
}

describe('ask a question', () => {
  test('the instructor picks students at random and the picked student sees it on a phone without reload', async () => {
    // The student is watching first, on a phone.
    const phone = await journey.browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await login(phone, WATCHER);
    await openAskQuestions(phone);
    await visible(phone.getByText(/你还没有被抽中/));
    expect(await seriousAxeFindings(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await openAskQuestions(teacher);
    await teacher.getByRole('button', { name: '提问', exact: true }).click();
    const dialog = teacher.getByRole('dialog');
    await visible(dialog);

    // The spec's tips come before anything is sent.
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(dialog.getByText('请选择抽取人数'));
    await dialog.getByRole('radio', { name: '随机抽取小组' }).check();
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(dialog.getByText('请选择分组'));
    await dialog.getByRole('radio', { name: '随机抽取学生' }).check();
    expect(await seriousAxeFindings(teacher)).toEqual([]);

    await dialog.getByRole('combobox', { name: '章节' }).click();
    await teacher.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByRole('combobox', { name: '抽取人数' }).click();
    await teacher.locator('.ant-select-dropdown:visible .ant-select-item-option[title="10"]').click();
    await dialog.getByLabel('问题（可选）').fill('栈和队列有什么区别？');
    // "Avoid recently picked" is on by default: ten, then ten others, then the last ten of thirty.
    await expect
      .poll(() => dialog.getByRole('checkbox', { name: '避开最近被抽中的人' }).isChecked())
      .toBe(true);

    const [created] = await Promise.all([
      teacher.waitForResponse((r) => r.url().endsWith(`/api/courses/${courseId}/ask-question`)),
      dialog.getByRole('button', { name: /^保\s*存$/ }).click(),
    ]);
    expect(created.status()).toBe(200);
    await visible(teacher.getByText('提问成功'));
    // The modal closes and the list reloads with the new card: a click while the closing mask or the old
    // list is still on screen can land on nothing (seen once in CI), so the card's button is waited for.
    await expect.poll(() => dialog.count(), { timeout: UI_TIMEOUT }).toBe(0);
    const pickAgain = teacher.getByRole('button', { name: '再抽一次' });
    await visible(pickAgain);
    let drawn = await drawnUserNos(created);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    const seen = new Set(drawn);

    let rounds = 1;
    while (!drawn.includes(WATCHER)) {
      // Not picked: the phone still says so.
      await visible(phone.getByText(/你还没有被抽中/));
      expect(rounds).toBeLessThan(3);
      const [again] = await Promise.all([
        teacher.waitForResponse((r) => r.url().endsWith('/picks')),
        pickAgain.click(),
      ]);
      drawn = await drawnUserNos(again);
      // Avoiding the recently picked: nobody drawn in an earlier round comes back while others remain.
      for (const userNo of drawn) expect(seen.has(userNo)).toBe(false);
      for (const userNo of drawn) seen.add(userNo);
      rounds += 1;
    }

    // No reload: the phone learns of the draw through the push stream.
    await visible(phone.getByText('你被抽中了！'), UI_TIMEOUT);
    await visible(phone.getByText('问题：栈和队列有什么区别？'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The projector shows the names in large type. The demo's finished question has a projector link too.
    const { id } = (await created.json()) as { id: number };
    const projector = `/course/${courseId}/ask-questions/${id}/projector`;
    await teacher
      .getByRole('link', { name: '投屏视图' })
      .and(teacher.locator(`[href="${projector}"]`))
      .click();
    await expectPath(teacher, projector);
    await expect
      .poll(async () => await teacher.getByTestId('projector-picked').locator('li').count(), {
        timeout: UI_TIMEOUT,
      })
      .toBe(10);
  });
});
