import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../../apps/server/src/modules/ai/chat-completions.fake.ts';
import { login } from '../support/browser.ts';
import {
  CS201,
  UI_TIMEOUT,
  expectPath,
  openCourseFromMyCourses,
  pathOf,
  toast,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

/**
 * The AI features in one run, against a local stand-in for an OpenAI-compatible provider that speaks the
 * chat-completions streaming protocol: the server's real `openai` client path is what runs. The stand-in
 * starts before the server, which reads its address from the environment below.
 */
let fake: FakeChatCompletions | undefined;
const serverOptions = { env: {} as Record<string, string> };
beforeAll(async () => {
  fake = await startFakeChatCompletions();
  Object.assign(serverOptions.env, { AI_BASE_URL: fake.url, AI_API_KEY: 'sk-e2e', AI_MODEL: 'e2e-model' });
});
const journey = useJourneyServer(serverOptions);

const workDir = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-ai-'));
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await fake?.close();
});

function model(): FakeChatCompletions {
  if (!fake) throw new Error('the chat-completions stand-in is not running');
  return fake;
}

/** The demo's open homework (started a week ago, due in a week). */
const HOMEWORK_TITLE = '作业一：线性表的基本操作';
const STUDENT_NO = 's20240011';

/** A JSON call with the page's session, as the app itself makes it; fails the test on a refusal. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    { method, url, body },
  );
}

async function openHomework(page: Page): Promise<{ courseId: number; homeworkId: number }> {
  await page.goto('/user/courses');
  const courseId = await openCourseFromMyCourses(page, CS201.name);
  await page.getByRole('link', { name: HOMEWORK_TITLE, exact: true }).first().click();
  await expectPath(page, new RegExp(`^/course/${courseId}/activity/\\d+$`));
  await visible(page.getByRole('heading', { level: 2, name: HOMEWORK_TITLE }));
  return { courseId, homeworkId: Number(pathOf(page).split('/').pop()) };
}

describe('AI features', { timeout: 240_000 }, () => {
  test('credits are granted; an instructor imports questions with AI, generates a rubric and accepts a grading suggestion', async () => {
    const stamp = `ai${Date.now()}`;

    // Credits: the instructor asks, an administrator funds the organisation and approves.
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const request = await api<{ id: number }>(teacher, 'POST', '/api/ai/credit-requests', {
      applied_credits: 5000,
      reason: `AI 批改 ${stamp}`,
    });
    const admin = await journey.browser.newPage();
    await login(admin, 'admin');
    await api(admin, 'PUT', '/api/ai/org-credit', { creditAssigned: 100_000 });
    await api(admin, 'PUT', `/api/ai/credit-requests/${request.id}/approve`, { approved_credits: 5000 });

    // 1. AI question import into the course's question library.
    const { courseId, homeworkId } = await openHomework(teacher);
    const { subject_libs: libs } = await api<{ subject_libs: { id: number }[] }>(
      teacher,
      'GET',
      `/api/course/${courseId}/subject-libs?with_folder=0`,
    );
    const libId = libs[0]!.id;
    const stem = `法国的首都是哪座城市 ${stamp}`;
    model().answer = `1. [单选题] ${stem}\nA. 柏林\nB. 巴黎\nC. 罗马\n答案：B`;
    await teacher.goto(`/subject-lib/${libId}/import`);
    const source = path.join(workDir, 'geography.txt');
    writeFileSync(source, `地理小测\n第一题（2 分）法国的首都？ a) 柏林 b) 巴黎 c) 罗马 —— 正确答案 b\n`);
    const chooser = teacher.waitForEvent('filechooser');
    await teacher.getByRole('button', { name: /AI 导入/ }).click();
    await (await chooser).setFiles(source);
    await visible(toast(teacher, 'AI 已生成题目：请检查并按需修改，然后点击识别。'));
    const editor = teacher.getByRole('textbox', { name: '文档内容' });
    await expect.poll(() => editor.innerText(), { timeout: UI_TIMEOUT }).toContain(stem);
    await teacher.getByRole('button', { name: /^识\s*别$/ }).click();
    await visible(teacher.getByRole('status').filter({ hasText: /^共 1 道题/ }));
    await teacher.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect
      .poll(
        async () => {
          const lib = await api<{ subjects: { description: string }[] }>(
            teacher,
            'GET',
            `/api/subject-libs/${libId}`,
          );
          return lib.subjects.some((subject) => subject.description.includes(stem));
        },
        { timeout: UI_TIMEOUT, message: 'the imported question is in the library' },
      )
      .toBe(true);

    // 2. A rubric generated from the homework's description, chosen for the homework.
    const rubricName = `线性表评分 ${stamp}`;
    model().answer = JSON.stringify({
      name: rubricName,
      conditions: [
        {
          name: '正确性',
          description: '插入、删除、查找结果正确',
          levels: [
            { score: 60, description: '全部正确' },
            { score: 30, description: '部分正确' },
          ],
        },
        {
          name: '代码风格',
          description: '命名与注释清晰',
          levels: [
            { score: 40, description: '清晰' },
            { score: 20, description: '一般' },
          ],
        },
      ],
    });
    await openHomework(teacher);
    await teacher.getByRole('button', { name: /选择评分标准|更换评分标准/ }).click();
    const select = teacher.getByRole('dialog', { name: '选择评分标准' });
    await select.getByRole('button', { name: '新建评分标准' }).click();
    const create = teacher.getByRole('dialog', { name: '新建评分标准' });
    await create.getByRole('button', { name: /AI 生成/ }).click();
    const generate = teacher.getByRole('dialog', { name: 'AI 生成评分标准' });
    // The homework's description is the starting text.
    await expect.poll(() => generate.getByLabel('作业描述').inputValue()).not.toBe('');
    await generate.getByRole('button', { name: /^生\s*成$/ }).click();
    await visible(toast(teacher, '生成的评分标准已放入编辑器，请检查后保存。'));
    await expect.poll(() => create.getByLabel('评分标准名称').inputValue()).toBe(rubricName);
    await create.getByRole('button', { name: /^(保\s*存|确\s*定)$/ }).click();
    await visible(toast(teacher, '评分标准已保存'));
    await visible(select.getByRole('radio', { name: new RegExp(rubricName), checked: true }));
    await select.getByRole('button', { name: /^确\s*定$/ }).click();
    await visible(toast(teacher, '评分标准设置已保存'));

    // 3. A student hands in a text report; the instructor asks for a suggestion and accepts it.
    const student = await journey.browser.newPage();
    await login(student, STUDENT_NO);
    const uploadId = await student.evaluate(async (text) => {
      const form = new FormData();
      form.append('file', new File([text], 'report.txt', { type: 'text/plain' }));
      const response = await fetch('/api/uploads', { method: 'POST', body: form });
      if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    }, `线性表实验报告 ${stamp}：实现了插入、删除与查找，并给出了测试用例。`);
    await api(student, 'POST', `/api/course/activities/${homeworkId}/submissions`, {
      uploads: [uploadId],
      comment: `<p>实验报告 ${stamp}</p>`,
    });
    const { name: studentName } = await api<{ name: string }>(student, 'GET', '/api/user');

    model().answer = JSON.stringify({
      totalScore: 85,
      scoreJustification: [
        { criterion: '正确性', points_awarded: 60, explanation: '三种操作都正确' },
        { criterion: '代码风格', points_awarded: 25, explanation: '注释偏少' },
      ],
      strengths: ['测试用例完整'],
      areasForImprovement: ['补充注释'],
    });
    await teacher.reload();
    const panel = teacher.getByRole('region', { name: '提交情况' });
    await panel.getByRole('button', { name: `批阅 ${studentName}` }).click();
    const marking = teacher.getByRole('dialog').filter({ hasText: `批阅：${HOMEWORK_TITLE}` });
    await visible(marking);
    const suggestion = marking.getByRole('region', { name: 'AI 评分建议' });
    await suggestion.getByRole('button', { name: /获取 AI 建议/ }).click();
    await visible(suggestion.getByText('建议分数：85'));
    await visible(suggestion.getByText('测试用例完整'));
    await suggestion.getByRole('button', { name: /^采\s*纳$/ }).click();
    await visible(toast(teacher, '建议已填入分数和评语，请检查后保存。'));
    await expect.poll(() => marking.getByRole('textbox', { name: '成绩' }).inputValue()).toBe('85');
    await marking.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '成绩已保存。'));

    // Each of the three calls reached the model once, and each was paid for.
    expect(model().requests).toHaveLength(3);
    const credit = await api<{ creditUsed: number }>(teacher, 'GET', '/api/ai/credits/me');
    expect(credit.creditUsed).toBeGreaterThan(0);
  });
});
