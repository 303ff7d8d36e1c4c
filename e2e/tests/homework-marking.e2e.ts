import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { samplePdf } from '../../apps/server/src/seed/sample-pdf.ts';
import { login } from '../support/browser.ts';
import {
  CS201,
  expectPath,
  openCourseFromMyCourses,
  pathOf,
  toast,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

const journey = useJourneyServer();

/** The demo's open homework (started a week ago, due in a week). */
const HOMEWORK_TITLE = '作业一：线性表的基本操作';
const STUDENT_NO = 's20240010';

/** Opens the demo homework from "my courses" and answers its id. */
async function openHomework(page: Page): Promise<number> {
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await page.getByRole('link', { name: HOMEWORK_TITLE, exact: true }).first().click();
  await expectPath(page, new RegExp(`^/course/${courseId}/activity/\\d+$`));
  await visible(page.getByRole('heading', { level: 2, name: HOMEWORK_TITLE }));
  return Number(pathOf(page).split('/').pop());
}

/** A JSON call with the page's session, as the app itself makes it; fails the test on a refusal. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? (JSON.parse(text) as unknown) : null;
    },
    { method, path, body },
  );
}

/** Set-up through the API: the student uploads a PDF and hands it in. Answers the student's name. */
async function handInPdf(page: Page, homeworkId: number, stamp: string): Promise<string> {
  const pdf = samplePdf({ title: 'Linked list', pages: [{ heading: `Report ${stamp}` }] }).toString('base64');
  const uploadId = await page.evaluate(
    async ({ pdf, name }) => {
      const bytes = Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'application/pdf' }));
      const response = await fetch('/api/uploads', {
        method: 'POST',
        body: form,
      });
      if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    },
    { pdf, name: `report-${stamp}.pdf` },
  );
  await api(page, 'POST', `/api/course/activities/${homeworkId}/submissions`, {
    uploads: [uploadId],
    comment: `<p>链表实验 ${stamp}</p>`,
  });
  const me = (await api(page, 'GET', '/api/user')) as { name: string };
  return me.name;
}

describe('homework marking', () => {
  test('an instructor marks a PDF hand-in with the rubric; the student sees score and comment once published', async () => {
    const stamp = `m${Date.now()}`;
    const comment = `逆置部分思路清晰 ${stamp}`;

    const student = await journey.browser.newPage();
    await login(student, STUDENT_NO);
    const homeworkId = await openHomework(student);
    const studentName = await handInPdf(student, homeworkId, stamp);

    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    expect(await openHomework(teacher)).toBe(homeworkId);
    // The homework gets a two-criterion rubric (40 + 60 at best), set up through the API.
    const rubric = (await api(teacher, 'POST', '/api/rubrics', {
      name: `链表评分 ${stamp}`,
      conditions: [
        {
          name: '正确性',
          description: '功能是否正确',
          levels: [
            { score: 60, description: '全部正确' },
            { score: 30, description: '部分正确' },
          ],
        },
        {
          name: '代码风格',
          description: '可读性',
          levels: [
            { score: 40, description: '清晰' },
            { score: 25, description: '一般' },
          ],
        },
      ],
    })) as { id: number };
    await api(teacher, 'PATCH', `/api/homeworks/${homeworkId}/rubric`, { rubric_id: rubric.id });
    await teacher.reload();

    const panel = teacher.getByRole('region', { name: '提交情况' });
    await visible(panel);
    await panel.getByRole('button', { name: `批阅 ${studentName}` }).click();
    const dialog = teacher.getByRole('dialog').filter({ hasText: `批阅：${HOMEWORK_TITLE}` });
    await visible(dialog);
    // The hand-in's PDF opens in the middle; the student's comment is above it.
    await visible(dialog.getByText(`链表实验 ${stamp}`));
    await visible(dialog.getByRole('heading', { name: `report-${stamp}.pdf` }));
    await visible(dialog.locator('canvas'));

    await dialog.getByRole('button', { name: '按评分标准打分' }).click();
    const rubricDialog = teacher.getByRole('dialog').filter({ hasText: '按评分标准评分' });
    await visible(rubricDialog);
    await rubricDialog.getByRole('radiogroup', { name: '正确性 的等级' }).getByText('60 分').click();
    await rubricDialog.getByRole('radiogroup', { name: '代码风格 的等级' }).getByText('25 分').click();
    await visible(rubricDialog.getByText('得分：85'));
    await rubricDialog.getByRole('button', { name: /^确\s*定$/ }).click();

    const score = dialog.getByRole('textbox', { name: '成绩' });
    await expect.poll(() => score.inputValue()).toBe('85');
    await dialog.getByRole('textbox', { name: '评语' }).fill(comment);
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '成绩已保存。'));
    // The score records list the change at once.
    await visible(dialog.getByText('评分标准 无 → 85.0').or(dialog.getByText(/→ 85\.0/)));
    await dialog.getByRole('button', { name: '关闭批阅' }).click();

    // Scores are published by hand.
    await teacher.getByRole('button', { name: '公布设置' }).click();
    const publish = teacher.getByRole('dialog').filter({ hasText: '已公布成绩' });
    await visible(publish);
    await publish.getByRole('switch').click();
    await publish.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '成绩公布设置已保存'));

    await student.reload();
    const versions = student.getByRole('list', { name: '已提交的版本' });
    await visible(versions.getByText('85.0', { exact: true }));
    await visible(versions.getByText(comment));
  });
});
