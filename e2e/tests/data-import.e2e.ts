import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  buildDocx,
  paragraph,
} from '../../apps/server/src/modules/data-import/fixtures/docx-builder.fixture.ts';
import { login } from '../support/browser.ts';
import {
  CS201,
  expectPath,
  gone,
  openCourseFromMyCourses,
  pathOf,
  toast,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

const journey = useJourneyServer();

/** Downloaded and hand-made Word files live here for the length of the file. */
const workDir = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-import-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The exam template in the page's language (zh-CN), without knowledge points. */
const TEMPLATE = {
  fileName: 'exam-zh-cn.docx',
  /** One example of every type an exam takes (buildTemplateQuestions): 5+5+5+10+15+20+10+4 points. */
  count: 8,
  points: 74,
  /** Stems of the first and the last example, as the question list shows them (plain text). */
  firstStem: '中华人民共和国的首都是哪座城市？',
  lastStem: '将国家与首都配对。',
  /** The seventh example, the cloze, whose line in the raw text carries its type. */
  clozeStem: '小明每天早上七点 __1__ 床，吃完早饭后 __2__ 公交车去学校。',
} as const;

/** The server's reason when a document holds no question (dataImport.noSubjects). */
const NO_QUESTIONS = '没有识别出题目：每道题请以题号开头，如“1.”';

function moduleSection(page: Page) {
  return page.getByRole('region', { name: CS201.firstModule, exact: true });
}

/** Creates an unpublished exam in the first module of CS201, so its paper starts empty (100 points free). */
async function createExam(page: Page, title: string): Promise<number> {
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await moduleSection(page)
    .getByRole('button', { name: `在“${CS201.firstModule}”中添加活动` })
    .click();
  const createDialog = page.getByRole('dialog', { name: '添加活动' });
  await visible(createDialog);
  const typeSelect = createDialog.getByRole('combobox', { name: '活动类型' });
  await typeSelect.fill('考试');
  await typeSelect.press('Enter');
  await visible(createDialog.getByTitle('考试', { exact: true }));
  await createDialog.getByLabel('标题', { exact: true }).fill(title);
  await createDialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await visible(toast(page, '活动已创建'));
  await gone(createDialog);

  await moduleSection(page).getByRole('link', { name: title, exact: true }).click();
  await expectPath(page, new RegExp(`^/course/${courseId}/activity/\\d+$`));
  return Number(pathOf(page).split('/').at(-1));
}

/** From the exam's question editor, through the "import" menu, to the Word import page. */
async function openImportPage(page: Page, examId: number): Promise<void> {
  await expectPath(page, `/exam/${examId}/subjects`);
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const fromWord = page.getByRole('menuitem', { name: '从 Word 导入（.docx）' });
  await visible(fromWord);
  await fromWord.click();
  await expectPath(page, `/exam/${examId}/subjects/import`);
  expect(new URL(page.url()).searchParams.get('mode')).toBe('word');
  await visible(page.getByRole('heading', { level: 1, name: '从 Word 导入题目' }));
}

/** The parts of the import page a teacher looks at. */
function importPage(page: Page) {
  return {
    fileInput: page.locator('input[type="file"]'),
    progress: page.getByRole('progressbar', { name: '导入进度' }),
    editor: page.getByRole('textbox', { name: '文档内容' }),
    identify: page.getByRole('button', { name: /^识\s*别$/ }),
    save: page.getByRole('button', { name: /^保\s*存$/ }),
    summary: page.getByRole('status').filter({ hasText: /^共 \d+ 道题/ }),
    /** The preview's cards of top-level questions ("第 3 题"), not those of sub-questions ("第 6.1 题"). */
    questions: page.getByRole('article', { name: /^第 \d+ 题$/ }),
    emptyPreview: page.getByText('识别出的题目显示在这里。', { exact: true }),
    fileName: (name: string) => page.getByText(`文件：${name}`, { exact: true }),
  };
}

async function editorText(editor: Locator): Promise<string> {
  return (await editor.innerText()).trim();
}

/** Waits until the upload, conversion and identification are done and the preview shows the template. */
async function expectTemplatePreview(page: Page): Promise<void> {
  const ui = importPage(page);
  await expect
    .poll(() => ui.progress.getAttribute('aria-valuenow'), {
      timeout: UI_TIMEOUT,
      message: 'import progress',
    })
    .toBe('100');
  await visible(page.getByText('完成', { exact: true }));
  await visible(toast(page, `识别成功，共 ${TEMPLATE.count} 道题`));
  await visible(ui.summary.getByText(`共 ${TEMPLATE.count} 道题，总分 ${TEMPLATE.points} 分`));
  await visible(ui.summary.getByText('0 道有错误'));
  await visible(ui.summary.getByText('剩余 100 分'));
  expect(await ui.questions.count()).toBe(TEMPLATE.count);
  await visible(ui.questions.first().getByText(TEMPLATE.firstStem));
  await visible(ui.questions.last().getByText(TEMPLATE.lastStem));
  // The raw editor on the left holds the converted document, the same questions in the text format.
  const raw = await editorText(ui.editor);
  expect(raw.split(/\n+/)[0]).toBe(`1. [单选题] ${TEMPLATE.firstStem}`);
  expect(raw).toContain('答案：B');
  expect(raw).toContain(`7. [完形填空] ${TEMPLATE.clozeStem}`);
  expect(raw).toContain(`8. [匹配题] ${TEMPLATE.lastStem}`);
  // Word's bold survives the conversion.
  await visible(ui.editor.locator('strong').getByText('哪座', { exact: true }));
  expect(await ui.save.isEnabled()).toBe(true);
}

describe('question import', () => {
  test(
    'an instructor downloads the Word template, imports it into a new exam and finds its questions in the paper',
    { timeout: 180_000 },
    async () => {
      const page = await journey.browser.newPage();
      await login(page, 't1001');
      const examId = await createExam(page, `E2E 导入测验 ${Date.now()}`);
      await page.getByRole('link', { name: /编辑试题/ }).click();
      await visible(page.getByText('已用分值：0 / 100'));
      await openImportPage(page, examId);
      await visible(page.getByText('满分 100 分，还剩 100 分可用。'));
      const ui = importPage(page);
      await visible(ui.emptyPreview);
      expect(await ui.save.isDisabled()).toBe(true);

      // The guide's template link downloads the exam template in the page's language.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: '下载模板' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(TEMPLATE.fileName);
      expect(new URL(download.url()).pathname).toBe(`/static/data_import_templates/${TEMPLATE.fileName}`);
      const template = path.join(workDir, download.suggestedFilename());
      await download.saveAs(template);
      // A .docx is a zip archive.
      expect(readFileSync(template).subarray(0, 2).toString('latin1')).toBe('PK');

      // That very file, chosen in the drop zone, is uploaded, converted and identified.
      expect(await ui.fileInput.count()).toBe(1);
      await ui.fileInput.setInputFiles(template);
      await visible(ui.fileName(TEMPLATE.fileName));
      await expectTemplatePreview(page);

      // Saving adds the questions to the paper and goes back to it.
      await ui.save.click();
      await expectPath(page, `/exam/${examId}/subjects`);
      await visible(toast(page, `成功导入 ${TEMPLATE.count} 道题`));
      const list = page.getByRole('list', { name: '题目', exact: true });
      await visible(list.getByText(TEMPLATE.firstStem, { exact: true }));
      await visible(list.getByText(TEMPLATE.lastStem, { exact: true }));
      expect(await list.getByRole('listitem').count()).toBe(TEMPLATE.count);
      await visible(page.getByText(`已用分值：${TEMPLATE.points} / 100`));
    },
  );

  test(
    'a document without questions fails with the reason, re-importing resets the page, and the template then imports',
    { timeout: 180_000 },
    async () => {
      const empty = path.join(workDir, 'hello.docx');
      writeFileSync(empty, await buildDocx({ body: paragraph('hello') }));

      const page = await journey.browser.newPage();
      await login(page, 't1001');
      const examId = await createExam(page, `E2E 导入失败 ${Date.now()}`);
      await page.getByRole('link', { name: /编辑试题/ }).click();
      await openImportPage(page, examId);
      const ui = importPage(page);

      const templateResponse = await page.request.get(`/static/data_import_templates/${TEMPLATE.fileName}`);
      expect(templateResponse.status()).toBe(200);
      const template = path.join(workDir, `failure-${TEMPLATE.fileName}`);
      writeFileSync(template, await templateResponse.body());

      await ui.fileInput.setInputFiles(empty);
      const failure = page.getByRole('dialog', { name: '导入失败' });
      await visible(failure);
      await visible(failure.getByText(NO_QUESTIONS, { exact: true }));
      // Behind the dialog: the converted text stays in the editor, the preview is empty, save is off.
      await visible(ui.fileName('hello.docx'));
      expect(await editorText(ui.editor)).toBe('hello');
      await visible(ui.emptyPreview);
      expect(await ui.questions.count()).toBe(0);
      expect(await ui.save.isDisabled()).toBe(true);

      // "Re-import" closes the dialog, clears the page and opens the file chooser again.
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        failure.getByRole('button', { name: '重新导入' }).click(),
      ]);
      await gone(failure);
      expect(await editorText(ui.editor)).toBe('');
      await gone(ui.fileName('hello.docx'));
      await gone(ui.progress);
      await visible(ui.emptyPreview);
      expect(await ui.save.isDisabled()).toBe(true);

      // The template chosen there imports as on any first try.
      await chooser.setFiles(template);
      await visible(ui.fileName(`failure-${TEMPLATE.fileName}`));
      await expectTemplatePreview(page);
      expect(await failure.count()).toBe(0);
    },
  );

  test('text pasted into the editor is identified, the faulty question is marked and save stays off', async () => {
    const page = await journey.browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, 't1001');
    const examId = await createExam(page, `E2E 粘贴导入 ${Date.now()}`);
    await page.getByRole('link', { name: /编辑试题/ }).click();
    await openImportPage(page, examId);
    const ui = importPage(page);

    // The second question's answer is not one of its options.
    const text = [
      '1. [单选题] 栈的特点是？',
      'A. 先进先出',
      'B. 后进先出',
      '答案：B',
      '分值：10',
      '2. [单选题] 队列的特点是？',
      'A. 先进先出',
      'B. 后进先出',
      '答案：E',
      '分值：10',
    ].join('\n');
    // Put on the clipboard by the page itself (the e2e types have no DOM, hence the string), then pasted.
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await ui.editor.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => editorText(ui.editor), { timeout: UI_TIMEOUT }).toContain('队列的特点是？');
    expect(await ui.identify.isEnabled()).toBe(true);

    await ui.identify.click();
    await visible(toast(page, '识别出 2 道题，其中 1 道需要修改'));
    await visible(ui.summary.getByText('共 2 道题，总分 20 分'));
    await visible(ui.summary.getByText('1 道有错误'));
    expect(await ui.questions.count()).toBe(2);

    const [good, faulty] = [ui.questions.nth(0), ui.questions.nth(1)];
    await visible(good.getByText('栈的特点是？'));
    expect(await good.getByText('需要修改', { exact: true }).count()).toBe(0);
    await visible(faulty.getByText('需要修改', { exact: true }));
    await visible(faulty.getByRole('alert').getByText('1 处需要修改'));
    // Line 9 of the pasted text is the second question's answer line.
    await visible(faulty.getByText('第 2 题（第 9 行）：答案 E 不是本题的选项', { exact: true }));

    expect(await ui.save.isDisabled()).toBe(true);
    await visible(page.getByRole('note').getByText('有 1 道题存在错误，请在左侧文档中修改后重新识别。'));
  });
});
