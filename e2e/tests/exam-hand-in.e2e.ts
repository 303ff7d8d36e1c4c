import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, expectPath, openCourseFromMyCourses, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** The demo's open exam (a text block, then question 1, then question 2: a multiple choice). */
const DEMO_EXAM = '第一章 单元测验';

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

type Paper = { subjects: { id: number; type: string; options: { id: number; content: string }[] }[] };
type Detail = {
  submission_data: { subject_id: number; answer_option_ids: number[] }[] | null;
  subjects: Paper['subjects'];
};

describe('handing an exam in', () => {
  test('options ticked just before handing in are in the stored submission, and nothing is refused after', async () => {
    const page = await journey.browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
      }
    });

    await login(page, 's20240002');
    const courseId = await openCourseFromMyCourses(page, CS201.name);
    const { exams } = await getJson<{ exams: { id: number; title: string }[] }>(
      page,
      `/api/courses/${courseId}/exam-list`,
    );
    const exam = exams.find((e) => e.title === DEMO_EXAM);
    if (!exam) throw new Error(`no "${DEMO_EXAM}" in ${JSON.stringify(exams.map((e) => e.title))}`);

    await page.goto(`/exam/${exam.id}/take`);
    // The text block before it takes no number: the multiple choice is question 2.
    const question = page.getByRole('region', { name: '第 2 题', exact: true });
    await visible(question.getByRole('checkbox', { name: /数组/ }));
    // A week-long window without a time limit shows when it closes, not a countdown of days.
    await visible(page.getByText(/^开放至 /));
    expect(await page.getByRole('timer').count()).toBe(0);

    // Two ticks, then straight to the hand-in: no pause for the 2-second draft save.
    await question.getByRole('checkbox', { name: /数组/ }).click();
    await question.getByRole('checkbox', { name: /链表/ }).click();
    await page.getByRole('button', { name: /^交\s*卷$/ }).click();
    const confirm = page.getByRole('dialog', { name: '确定交卷吗？' });
    await confirm.getByRole('button', { name: /^交\s*卷$/ }).click();
    await expectPath(page, `/exam/${exam.id}/result`);
    await visible(page.getByText('已成功交卷。'));

    // What the server stored, not what the page shows.
    const { submissions } = await getJson<{ submissions: { id: number }[] }>(
      page,
      `/api/exams/${exam.id}/submissions`,
    );
    expect(submissions).toHaveLength(1);
    const detail = await getJson<Detail>(page, `/api/exams/${exam.id}/submissions/${submissions[0]!.id}`);
    const multiple = detail.subjects.find((s) => s.type === 'multiple_selection');
    if (!multiple) throw new Error('the demo exam has no multiple choice question');
    const chosen = multiple.options
      .filter((o) => /数组|链表/.test(o.content))
      .map((o) => o.id)
      .sort((a, b) => a - b);
    const stored = detail.submission_data?.find((a) => a.subject_id === multiple.id);
    expect([...(stored?.answer_option_ids ?? [])].sort((a, b) => a - b)).toEqual(chosen);

    // The result page settles without asking for a new paper (which the server refuses: no attempts left).
    await page.waitForTimeout(1500);
    expect(refused).toEqual([]);
    expect(consoleErrors.filter((text) => /403|Forbidden/i.test(text))).toEqual([]);
  });
});
