import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, expectPath, pathOf, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** The other demo course t1001 teaches. */
const PHY110 = '大学物理实验';

describe('course combining', () => {
  test('an instructor combines two courses with the wizard and lands in the combined course', async () => {
    const page = await journey.browser.newPage();
    await login(page, 't1001');
    await visible(page.getByRole('heading', { level: 1, name: '我的课程' }));
    await page.goto('/combine-course/anything');
    // Any other path under the wizard starts it over at its first step.
    await expectPath(page, '/combine-course/step-1');

    const next = page.getByRole('button', { name: '下一步' });
    await page.getByRole('checkbox', { name: CS201.name, exact: true }).check();
    // Fewer than two courses cannot be combined.
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: PHY110, exact: true }).check();
    await next.click();

    await expectPath(page, '/combine-course/step-2');
    const name = page.getByRole('textbox', { name: '合并课程名称' });
    await visible(name);
    await name.fill('数据结构与物理实验（合班）');
    await page.getByRole('button', { name: /^合\s?并$/ }).click();

    await expectPath(page, /^\/course\/\d+\/content$/);
    await visible(page.getByRole('heading', { level: 1, name: '数据结构与物理实验（合班）' }));
    const courseId = Number(pathOf(page).split('/')[2]);
    const subCourses = (await (
      await page.request.get(`/api/combine-courses/${courseId}/sub-courses?fields=id,name`)
    ).json()) as { subCourses: { name: string }[] };
    expect(subCourses.subCourses.map((c) => c.name).sort()).toEqual([CS201.name, PHY110].sort());
  });
});
