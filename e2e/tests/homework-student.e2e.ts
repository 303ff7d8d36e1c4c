import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  buildDocx,
  paragraph,
} from '../../apps/server/src/modules/data-import/fixtures/docx-builder.fixture.ts';
import { samplePdf } from '../../apps/server/src/seed/sample-pdf.ts';
import { login } from '../support/browser.ts';
import {
  CS201,
  expectPath,
  openCourseFromMyCourses,
  toast,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

const journey = useJourneyServer();

/** The demo's open homework (started a week ago, due in a week). */
const HOMEWORK_TITLE = '作业一：线性表的基本操作';

/** True when the page is wider than the window, i.e. the user would have to scroll sideways. */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * A student opens the homework, attaches a Word file and a PDF, writes a comment, hands in after
 * confirming, and finds the version with both files in their list.
 */
async function handIn(page: Page, studentNo: string, stamp: string): Promise<void> {
  await login(page, studentNo);
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await page.getByRole('link', { name: HOMEWORK_TITLE, exact: true }).first().click();
  await expectPath(page, new RegExp(`^/course/${courseId}/activity/\\d+$`));
  await visible(page.getByRole('heading', { level: 2, name: HOMEWORK_TITLE }));
  await visible(page.getByText('用 C 或 Java 实现带头结点的单链表', { exact: false }));
  await visible(page.getByText('进行中', { exact: true }));
  expect(await overflowsSideways(page)).toBe(false);

  const form = page.getByRole('form', { name: '作业提交表单' });
  await visible(form);
  const docx = await buildDocx({ body: paragraph(`单链表实验报告 ${stamp}`) });
  const pdf = samplePdf({ title: 'Linked list', pages: [{ heading: `Report ${stamp}` }] });
  // The attachments' own input: the editor's picture button has a file input of its own.
  await form.getByLabel('附件', { exact: true }).setInputFiles([
    {
      name: `report-${stamp}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    },
    { name: `code-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf },
  ]);
  // Both files finish uploading before anything is handed in.
  await expect
    .poll(() => form.locator('.ant-upload-list-item-done').count(), {
      timeout: UI_TIMEOUT,
      message: 'waiting for both uploads to finish',
    })
    .toBe(2);
  // The hand-in text is the rich-text editor: the student types words, the editor stores the markup.
  await form.getByRole('textbox', { name: '作业内容' }).fill(`实现了插入、删除与逆置 ${stamp}`);

  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定提交作业吗？' });
  await visible(confirm);
  await confirm.getByRole('button', { name: /^提\s*交$/ }).click();
  // The dialog stays open, its button loading, until the server has stored the hand-in; with two journeys
  // and their servers sharing a loaded CI machine that once took longer than the UI timeout (stop 26).
  await confirm.first().waitFor({ state: 'hidden', timeout: 45_000 });
  await visible(toast(page, '已提交，版本 1'));

  const versions = page.getByRole('list', { name: '已提交的版本' });
  await visible(versions.getByText('版本 1', { exact: true }));
  await visible(versions.getByText(`实现了插入、删除与逆置 ${stamp}`));
  await visible(versions.getByText(`report-${stamp}.docx`));
  await visible(versions.getByText(`code-${stamp}.pdf`));
  await visible(versions.getByText(/^提交于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
  // The form is empty again, ready for the next version.
  expect((await form.getByRole('textbox', { name: '作业内容' }).innerText()).trim()).toBe('');
  expect(await overflowsSideways(page)).toBe(false);
}

describe('homework (student)', () => {
  test(
    'a student hands in a Word file and a PDF with a comment on a desktop',
    { timeout: 120_000 },
    async () => {
      const page = await journey.browser.newPage();
      await handIn(page, 's20240003', `d${Date.now()}`);
    },
  );

  test(
    'the same works on a 390 px (and 360 px) phone screen without sideways scrolling',
    { timeout: 120_000 },
    async () => {
      const page = await journey.browser.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await handIn(page, 's20240004', `m${Date.now()}`);
      // The narrowest phones the product supports show the page with its version list just as well.
      await page.setViewportSize({ width: 360, height: 780 });
      await visible(page.getByRole('list', { name: '已提交的版本' }));
      expect(await overflowsSideways(page)).toBe(false);
    },
  );
});
