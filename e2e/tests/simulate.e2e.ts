import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, gone, openCourseFromMyCourses, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

const BANNER = '你正在以学生身份查看本课程，无法进行修改。';

/** Every control that changes the course content, found by the names the buttons carry. */
function editControls(page: Page) {
  return page
    .getByRole('main')
    .getByRole('button', { name: /添加活动|添加章节|添加小节|编辑|删除|重命名|上移|下移|的更多操作/ });
}

describe('view as student', () => {
  test('an instructor previews the course as a student, cannot write, and comes back', async () => {
    const page = await journey.browser.newPage();
    await login(page, 't1001');
    const courseId = await openCourseFromMyCourses(page, CS201.name);

    const firstModule = page.getByRole('region', { name: CS201.firstModule, exact: true });
    const addActivity = firstModule.getByRole('button', { name: `在“${CS201.firstModule}”中添加活动` });
    const draft = page.getByRole('link', { name: CS201.draftTitle, exact: true });
    const banner = page.getByRole('alert').filter({ hasText: BANNER });
    const switchToStudent = page.getByRole('switch', { name: '以学生身份查看' });

    // The teaching team's view: edit controls and the unpublished draft, marked as such.
    await visible(addActivity);
    await visible(page.getByRole('button', { name: '编辑课程' }));
    await visible(page.getByRole('button', { name: '添加章节' }));
    await visible(draft);
    await visible(page.getByRole('listitem').filter({ has: draft }).getByText('未发布', { exact: true }));
    expect(await banner.count()).toBe(0);
    expect(await switchToStudent.getAttribute('aria-checked')).toBe('false');

    await switchToStudent.click();

    await visible(banner);
    await visible(page.getByRole('button', { name: '退出学生视角' }));
    await gone(addActivity);
    await gone(draft);
    // Published content is still there, as a student sees it.
    await visible(page.getByRole('link', { name: CS201.pageTitle, exact: true }));
    expect(await editControls(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: '编辑课程' }).count()).toBe(0);
    expect(await page.getByText('未发布', { exact: true }).count()).toBe(0);

    // The server, not only the page, refuses writes while the session views as a student.
    const course = (await (await page.request.get(`/api/courses/${courseId}`)).json()) as {
      modules: { id: number }[];
    };
    const moduleId = course.modules[0]?.id;
    expect(moduleId).toBeTypeOf('number');
    const refused = await page.evaluate(
      async ({ courseId, moduleId }) => {
        const response = await fetch(`/api/courses/${courseId}/activities`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'page', module_id: moduleId, title: 'x' }),
        });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      },
      { courseId, moduleId },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('simulating_read_only');

    // The refusal did not end the preview.
    await page.reload();
    await visible(banner);
    await visible(page.getByRole('link', { name: CS201.pageTitle, exact: true }));
    expect(await editControls(page).count()).toBe(0);

    await page.getByRole('button', { name: '退出学生视角' }).click();

    await gone(banner);
    await visible(addActivity);
    await visible(draft);
    await visible(page.getByRole('button', { name: '编辑课程' }));
    expect(await switchToStudent.getAttribute('aria-checked')).toBe('false');
    // The refused write created nothing, not even a draft only the teaching team would see.
    expect(await page.getByRole('link', { name: 'x', exact: true }).count()).toBe(0);
  });
});
