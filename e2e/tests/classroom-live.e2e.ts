import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from '../support/a11y.ts';
import { login } from '../support/browser.ts';
import { CS201, gone, toast, UI_TIMEOUT, useJourneyServer, visible } from '../support/journey.ts';

// Two live-classroom journeys in one file, so they share one server: a questionnaire's results and a
// classroom question's statistics, both following students' answers without reload.
const journey = useJourneyServer();

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
/** The demo questionnaire (apps/server/src/seed/demo-classroom.ts), answered by the first five students. */
const QUESTIONNAIRE = '课程中期反馈问卷';

async function courseIdOf(page: Page): Promise<number> {
  const response = await page.request.get('/api/my-courses?page=1&page_size=50');
  expect(response.status()).toBe(200);
  const { courses } = (await response.json()) as { courses: { id: number; name: string }[] };
  const course = courses.find((c) => c.name === CS201.name);
  expect(course, 'CS201 is among my courses').toBeDefined();
  return course!.id;
}

async function activityIdOf(page: Page, courseId: number, title: string): Promise<number> {
  const response = await page.request.get(`/api/courses/${courseId}/activities`);
  expect(response.status()).toBe(200);
  const { activities } = (await response.json()) as { activities: { id: number; title: string }[] };
  const found = activities.find((activity) => activity.title === title);
  expect(found, `${title} is listed`).toBeDefined();
  return found!.id;
}

async function postJson(page: Page, url: string, data: unknown): Promise<{ id: number }> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

describe('live classroom', () => {
  test('a student answers the questionnaire on a phone and the instructor’s results move without reload', async () => {
    const teacher = await journey.browser.newPage();
    await teacher.setViewportSize(TABLET);
    await login(teacher, 't1001');
    const courseId = await courseIdOf(teacher);
    const id = await activityIdOf(teacher, courseId, QUESTIONNAIRE);
    await teacher.goto(`/course/${courseId}/activity/${id}`);
    const summary = teacher.getByText(/名学生中 \d+ 名已填写/);
    await visible(summary);
    const before = Number(/中 (\d+) 名已填写/.exec(await summary.innerText())?.[1]);
    // Answered already: the copied questions can no longer be removed or reordered.
    await visible(teacher.getByText('已有学生填写：不能再删除、调整顺序或添加题目。'));
    expect(await teacher.getByRole('button', { name: /删除第 \d+ 题/ }).count()).toBe(0);

    const student = await journey.browser.newPage();
    await student.setViewportSize(PHONE);
    await login(student, 's20240020');
    await student.goto(`/course/${courseId}/activity/${id}`);
    await student.getByRole('radio', { name: 'B. 合适' }).check();
    await student.getByRole('checkbox', { name: 'B. 上机实验' }).check();
    await student.getByRole('textbox', { name: '第 3 题的回答' }).fill('节奏刚好。');
    await student.getByRole('button', { name: /^提\s*交$/ }).click();
    await visible(toast(student, '回答已保存'));
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // No reload: the results follow `questionnaire.submitted` from the push stream.
    await expect
      .poll(() => summary.innerText(), { timeout: UI_TIMEOUT })
      .toMatch(new RegExp(`中 ${before + 1} 名已填写`));
    await visible(teacher.getByText('节奏刚好。'));
  });

  test('the instructor releases a classroom question, a student answers, the statistics modal updates live', async () => {
    const teacher = await journey.browser.newPage();
    await teacher.setViewportSize(TABLET);
    await login(teacher, 't1001');
    const courseId = await courseIdOf(teacher);
    const modules = await teacher.request.get(`/api/courses/${courseId}/modules`);
    const moduleId = ((await modules.json()) as { modules: { id: number }[] }).modules[0]!.id;
    const classroom = await postJson(teacher, `/api/courses/${courseId}/activities`, {
      module_id: moduleId,
      type: 'classroom_exam',
      title: `E2E 随堂测验 ${Date.now()}`,
      published: true,
      data: {},
    });
    await postJson(teacher, `/api/classroom-exams/${classroom.id}/subjects`, {
      subjects: [
        {
          type: 'single_selection',
          description: '<p>栈的特点是？</p>',
          point: 0,
          options: [
            { content: '先进先出', is_answer: false },
            { content: '后进先出', is_answer: true },
          ],
        },
      ],
    });

    // The instructor releases the question from the classroom exam's page.
    await teacher.goto(`/course/${courseId}/activity/${classroom.id}`);
    await teacher.getByRole('button', { name: '发布第 1 题' }).click();
    await visible(teacher.getByRole('button', { name: '结束第 1 题的作答' }));

    // The statistics modal, open before anyone answers, at the tablet width instructors are promised.
    await teacher.goto(`/course/classroom-exam/${classroom.id}/subjects`);
    await teacher
      .getByRole('button', { name: /的答题统计$/ })
      .first()
      .click();
    const modal = teacher.getByRole('dialog', { name: '答题统计' });
    const summary = modal.getByText(/人中 \d+ 人作答/);
    await visible(summary);
    expect(await summary.innerText()).toMatch(/人中 0 人作答/);
    expect(await seriousAxeFindings(teacher)).toEqual([]);

    const student = await journey.browser.newPage();
    await student.setViewportSize(PHONE);
    await login(student, 's20240021');
    await student.goto(`/course/${courseId}/activity/${classroom.id}`);
    await student.getByRole('radio', { name: /后进先出/ }).check();
    await student.getByRole('button', { name: '提交答案' }).click();
    await visible(toast(student, '答案已提交'));
    // The submit button fades out of its loading state, and the pointer still over it would give it antd's
    // lighter hover colour: axe should read the button as a student sees it at rest.
    await gone(student.locator('.ant-btn-loading'));
    await student.mouse.move(0, 0);
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(student)).toEqual([]);

    // No reload: the modal follows the answers through the push stream.
    await expect.poll(() => summary.innerText(), { timeout: UI_TIMEOUT }).toMatch(/人中 1 人作答 · 答对 1/);
    await modal.getByRole('tab', { name: /^B，正确答案/ }).click();
    await visible(modal.getByRole('cell', { name: 's20240021' }));
  });

  test('the exam statistics modal and the item analysis tab pass axe at 768 px', async () => {
    const teacher = await journey.browser.newPage();
    await teacher.setViewportSize(TABLET);
    await login(teacher, 't1001');
    const courseId = await courseIdOf(teacher);
    const response = await teacher.request.get(`/api/courses/${courseId}/activities`);
    const { activities } = (await response.json()) as { activities: { id: number; type: string }[] };
    const exam = activities.find((activity) => activity.type === 'exam');
    expect(exam, 'the demo course has an exam').toBeDefined();
    await teacher.goto(`/exam/${exam!.id}/subjects`);
    await teacher
      .getByRole('button', { name: /的答题统计$/ })
      .first()
      .click();
    const modal = teacher.getByRole('dialog', { name: '答题统计' });
    await visible(modal.getByText(/人中 \d+ 人作答/));
    expect(await seriousAxeFindings(teacher)).toEqual([]);
    await teacher.keyboard.press('Escape');
    await expect.poll(() => modal.count(), { timeout: UI_TIMEOUT }).toBe(0);

    await teacher.getByRole('tab', { name: '试题分析' }).click();
    await visible(teacher.getByRole('tabpanel', { name: '试题分析' }));
    expect(await seriousAxeFindings(teacher)).toEqual([]);
    expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  });
});
