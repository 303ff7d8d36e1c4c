import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, expectPath, openCourseFromMyCourses, useJourneyServer, visible } from '../support/journey.ts';

// Stays on the embedded database when the rest run on PostgreSQL: what `npm start` runs, proven end to end.
const journey = useJourneyServer({ embedded: true });

describe('student', () => {
  test('a student reads the course without any editing controls', async () => {
    const page = await journey.browser.newPage();
    await login(page, 's20240001');

    // My courses lists the course with the student's role on its card.
    const card = page.getByRole('article', { name: CS201.name, exact: true });
    await visible(card.getByRole('link', { name: CS201.name, exact: true }));
    await visible(card.getByText('学生', { exact: true }));
    const courseId = await openCourseFromMyCourses(page, CS201.name);

    const main = page.getByRole('main');
    const firstModule = page.getByRole('region', { name: CS201.firstModule, exact: true });
    const pageLink = firstModule.getByRole('link', { name: CS201.pageTitle, exact: true });
    await visible(pageLink);
    await visible(page.getByRole('link', { name: 'ClassIn 研讨课：二叉树的遍历', exact: true }));

    // Read-only: no add, edit, delete, reorder or preview controls, and no draft.
    expect(
      await main.getByRole('button', { name: /添加|编辑|删除|重命名|上移|下移|的更多操作/ }).count(),
    ).toBe(0);
    expect(await page.getByRole('switch', { name: '以学生身份查看' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: CS201.draftTitle, exact: true }).count()).toBe(0);
    expect(await page.getByText('未发布', { exact: true }).count()).toBe(0);

    // An activity's own page shows its content, still without controls.
    await pageLink.click();
    await expectPath(page, new RegExp(`^/course/${courseId}/activity/\\d+$`));
    await visible(page.getByRole('heading', { level: 2, name: CS201.pageTitle, exact: true }));
    await visible(page.getByRole('heading', { name: CS201.pageHeading }));
    await visible(page.getByText('期末考试 50%', { exact: true }));
    expect(await main.getByRole('button', { name: /编\s*辑|删\s*除/ }).count()).toBe(0);

    // The members tab lists the class, read-only.
    await page.getByRole('navigation', { name: '课程栏目' }).getByRole('link', { name: '成员' }).click();
    await expectPath(page, `/course/${courseId}/members`);
    await visible(page.getByRole('heading', { level: 2, name: '成员' }));
    const table = page.getByRole('table');
    await visible(table.getByRole('cell', { name: '李伟', exact: true }));
    await visible(table.getByRole('cell', { name: 's20240001', exact: true }));
    await visible(page.getByText('共 32 人', { exact: true }));
    expect(await page.getByRole('button', { name: '添加成员' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: /修改角色|移\s*除/ }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: '操作' }).count()).toBe(0);
  });
});
