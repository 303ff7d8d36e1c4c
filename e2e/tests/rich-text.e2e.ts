import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import {
  CS201,
  expectPath,
  gone,
  openCourseFromMyCourses,
  toast,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

const journey = useJourneyServer();

describe('rich-text editor', () => {
  test('an instructor writes a description with bold text and a formula; the student sees both rendered', async () => {
    const page = await journey.browser.newPage();
    await login(page, 't1001');
    const courseId = await openCourseFromMyCourses(page, CS201.name);
    const title = `E2E 富文本 ${Date.now()}`;

    await page
      .getByRole('region', { name: CS201.firstModule, exact: true })
      .getByRole('button', { name: `在“${CS201.firstModule}”中添加活动` })
      .click();
    const dialog = page.getByRole('dialog', { name: '添加活动' });
    await visible(dialog);
    const typeSelect = dialog.getByRole('combobox', { name: '活动类型' });
    await typeSelect.fill('网页链接');
    await typeSelect.press('Enter');
    await visible(dialog.getByTitle('网页链接', { exact: true }));
    await dialog.getByLabel('标题', { exact: true }).fill(title);
    await dialog.getByLabel('网址', { exact: true }).fill('https://example.org/rich-text');

    // The description is the rich-text editor, loaded on demand, named by its form label.
    const editor = dialog.getByRole('textbox', { name: '说明', exact: true });
    await visible(editor);
    await editor.click();
    // No space at the end of the line before the bold button: once in CI the space typed there was stored
    // inside the bold (`Read<strong> Key idea</strong>`), the editor reading it only after the click.
    await page.keyboard.type('Read:');
    const toolbar = dialog.getByRole('toolbar', { name: '格式工具栏' });
    await toolbar.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('Key idea');
    await toolbar.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type(' then ');

    await toolbar.getByRole('button', { name: '插入公式' }).click();
    const formula = page.getByRole('dialog').filter({ hasText: 'LaTeX 公式' });
    await visible(formula);
    await formula.getByLabel('LaTeX 公式').fill('x^2+1');
    // KaTeX draws the preview once loaded.
    await visible(formula.locator('.rich-text-math-preview .katex'));
    await formula.getByRole('button', { name: /^确\s*定$/ }).click();
    await gone(formula);
    await visible(editor.locator('.katex'));

    const publish = dialog.getByRole('switch', { name: '发布' });
    await publish.click();
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(page, '活动已创建'));
    await gone(dialog);

    // Stored as the server sanitised it: bold kept, the formula MathML with its LaTeX source.
    const list = await page.request.get(`/api/courses/${courseId}/activities`);
    const activities = ((await list.json()) as { activities: { id: number; title: string }[] }).activities;
    const created = activities.find((a) => a.title === title);
    expect(created).toBeTruthy();
    const detail = await page.request.get(`/api/activities/${created!.id}`);
    const description = ((await detail.json()) as { data: { description: string } }).data.description;
    expect(description).toContain('<strong>Key idea</strong>');
    expect(description).toContain('<annotation encoding="application/x-tex">x^2+1</annotation>');
    expect(description).not.toContain('data:');
    await page.close();

    // The student opens it: bold text and the formula drawn by KaTeX (fetched only for this page).
    const student = await journey.browser.newPage();
    await login(student, 's20240001');
    await student.goto(`/course/${courseId}/activity/${created!.id}`);
    await expectPath(student, `/course/${courseId}/activity/${created!.id}`);
    const body = student.locator('.rendered-html').filter({ hasText: 'Key idea' });
    await visible(body);
    await visible(body.locator('strong', { hasText: 'Key idea' }));
    await visible(body.locator('.rendered-math .katex-html'));
    // KaTeX keeps MathML beside its drawing for screen readers.
    expect(await body.locator('.rendered-math math annotation').textContent()).toBe('x^2+1');
    // The editor's code never loads on a page that only reads.
    const scripts = await student.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.some((name) => /rich-text-editor/.test(name))).toBe(false);
    await student.close();
  });
});
