import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { samplePdf } from '../../apps/server/src/seed/sample-pdf.ts';
import { DEMO_PASSWORD, login } from '../support/browser.ts';
import { CS201, toast, UI_TIMEOUT, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** The demo's open homework of CS201 (started a week ago, due in a week). */
const HOMEWORK_TITLE = '作业一：线性表的基本操作';
const TEACHER = 't1001';

/** The demo homework's course and id, read through the API as the course page reads them. */
async function findHomework(page: Page): Promise<{ courseId: number; homeworkId: number }> {
  const { courses } = await json<{ courses: { id: number; name: string }[] }>(
    await page.request.post('/api/my-courses', { data: { page: 1, page_size: 100 } }),
  );
  const course = courses.find((c) => c.name === CS201.name);
  if (!course) throw new Error(`${CS201.name} is not among my courses`);
  const { activities } = await json<{ activities: { id: number; title: string }[] }>(
    await page.request.get(`/api/courses/${course.id}/activities`),
  );
  const homework = activities.find((a) => a.title === HOMEWORK_TITLE);
  if (!homework) throw new Error(`no ${HOMEWORK_TITLE}`);
  return { courseId: course.id, homeworkId: homework.id };
}

/** Opens the homework's page. */
async function openHomework(page: Page, at: { courseId: number; homeworkId: number }): Promise<void> {
  await page.goto(`/course/${at.courseId}/activity/${at.homeworkId}`);
  await visible(page.getByRole('heading', { level: 2, name: HOMEWORK_TITLE }));
}

/** Signs a student in through the API (their hand-ins are API calls too): the browser form is the teacher's. */
async function signIn(page: Page, loginName: string): Promise<void> {
  await json(await page.request.post('/api/login', { data: { login: loginName, password: DEMO_PASSWORD } }));
}

async function json<T>(response: { status(): number; json(): Promise<unknown>; text(): Promise<string> }) {
  if (response.status() >= 300) throw new Error(`${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Through the API, as the hand-in form does: upload the file, hand it in. Answers the ids and the name. */
async function handIn(
  page: Page,
  homeworkId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ uploadId: number; submissionId: number; name: string }> {
  const upload = await json<{ id: number }>(await page.request.post('/api/uploads', { multipart: { file } }));
  const { submission } = await json<{ submission: { id: number } }>(
    await page.request.post(`/api/course/activities/${homeworkId}/submissions`, {
      data: { comment: `<p>${file.name}</p>`, uploads: [upload.id] },
    }),
  );
  const me = await json<{ name: string }>(await page.request.get('/api/user'));
  return { uploadId: upload.id, submissionId: submission.id, name: me.name };
}

/** A lab report of some length, different for every seed. */
function report(seed: number, sentences = 40): string {
  const words = [
    '链表',
    '结点',
    '指针',
    '插入',
    '删除',
    '逆置',
    '查找',
    '头结点',
    '时间复杂度',
    '空间',
    '遍历',
    '边界',
  ];
  const lines: string[] = [];
  let x = seed;
  for (let i = 0; i < sentences; i += 1) {
    const sentence: string[] = [];
    for (let j = 0; j < 8; j += 1) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      sentence.push(words[(x >>> 8) % words.length]!);
    }
    lines.push(`${i + 1}. ${sentence.join('')} step ${x % 997} of the method.`);
  }
  return lines.join('\n');
}

describe('homework duplicate check and marked files', () => {
  test('two near-identical hand-ins show as a flagged pair with their rate in the duplicate-check view', async () => {
    const text = report(Date.now() % 100_000);
    const first = await journey.browser.newPage();
    await signIn(first, 's20240012');
    const at = await findHomework(first);
    const { homeworkId } = at;
    const a = await handIn(first, homeworkId, {
      name: 'report-a.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    const second = await journey.browser.newPage();
    await signIn(second, 's20240013');
    const b = await handIn(second, homeworkId, {
      name: 'report-b.txt',
      mimeType: 'text/plain',
      // A word changed and a line of their own at the end.
      buffer: Buffer.from(`${text.replace('step', 'stage')}\nMy own conclusion.`),
    });

    const teacher = await journey.browser.newPage();
    await login(teacher, TEACHER);
    // The check runs in the background after the hand-in: wait for both to be checked before opening the view.
    const me = async (page: Page) => (await json<{ id: number }>(await page.request.get('/api/user'))).id;
    const targets = [await me(first), await me(second)];
    await expect
      .poll(
        async () => {
          const { rates } = await json<{
            rates: { state: string; similar_to: { submission_id: number } | null }[];
          }>(
            await teacher.request.get(
              `/api/homework/${homeworkId}/duplicate-detect/rate?target_ids=${targets.join(',')}`,
            ),
          );
          return rates.map((r) => `${r.state}:${r.similar_to?.submission_id ?? '-'}`);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual([`checked:${b.submissionId}`, `checked:${a.submissionId}`]);
    await openHomework(teacher, at);

    await teacher.getByRole('button', { name: '查重', exact: true }).click();
    const view = teacher.getByRole('dialog').filter({ hasText: `查重：${HOMEWORK_TITLE}` });
    await visible(view);
    await visible(view.getByRole('tab', { name: '平台查重' }));
    const row = view.getByRole('row').filter({ hasText: a.name }).filter({ hasText: b.name });
    await visible(row);
    // Above the view's threshold of 20, with two decimals.
    const rate = (await row.getByText(/^\d{1,3}\.\d{2}%$/).textContent()) ?? '';
    expect(Number.parseFloat(rate)).toBeGreaterThanOrEqual(50);
  });

  test('the student opens the annotated copy of their PDF once scores are published', async () => {
    const student = await journey.browser.newPage();
    await signIn(student, 's20240014');
    const at = await findHomework(student);
    const { homeworkId } = at;
    const pdf = samplePdf({ title: 'Linked list', pages: [{ heading: 'Reversal' }] });
    const handedIn = await handIn(student, homeworkId, {
      name: 'lab-report.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });

    // The teacher keeps an annotated copy as the PDF editor saves it: a new upload attached to the
    // submission as a marked attachment (correct-uploads), the student's file untouched.
    const teacher = await journey.browser.newPage();
    await login(teacher, TEACHER);
    const annotated = await PDFDocument.load(pdf);
    const font = await annotated.embedFont(StandardFonts.Helvetica);
    annotated.getPage(0).drawText('Well done: reversal is O(n)', { x: 60, y: 120, size: 16, font });
    // The demo homework shows scores at once; this one waits for the teacher to publish them.
    await json(
      await teacher.request.put(`/api/homework/${homeworkId}/announce-mark-status`, {
        data: { isAnnounceMark: 0, announceScoreType: 1 },
      }),
    );
    const upload = await json<{ id: number }>(
      await teacher.request.post('/api/uploads', {
        multipart: {
          file: {
            name: 'lab-report (marked).pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from(await annotated.save()),
          },
        },
      }),
    );
    await json(
      await teacher.request.put(`/api/course/activities/${homeworkId}/submissions/correct-uploads`, {
        data: {
          submission_id: handedIn.submissionId,
          uploads: [{ upload_id: upload.id, origin_upload_id: handedIn.uploadId }],
        },
      }),
    );
    await json(
      await teacher.request.put(`/api/course/activities/${homeworkId}/submission/score`, {
        data: { id: handedIn.submissionId, score: 88, instructor_comment: '逆置讲得清楚' },
      }),
    );

    // Before publishing, the student sees no marking.
    await openHomework(student, at);
    const markedList = student.getByRole('list', { name: '批阅附件' });
    await visible(student.getByRole('list', { name: '已提交的版本' }));
    expect(await markedList.count()).toBe(0);

    // Scores are published by hand.
    await openHomework(teacher, at);
    await teacher.getByRole('button', { name: '公布设置' }).click();
    const publish = teacher.getByRole('dialog').filter({ hasText: '已公布成绩' });
    await visible(publish);
    const published = publish.getByRole('switch');
    if ((await published.getAttribute('aria-checked')) !== 'true') await published.click();
    await publish.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '成绩公布设置已保存'));

    await student.reload();
    await visible(markedList, UI_TIMEOUT);
    await visible(markedList.getByText('lab-report (marked).pdf'));
    // The student can open it: the link serves the annotated PDF, not their own file.
    const download = markedList.getByRole('link', { name: '下载 lab-report (marked).pdf' });
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    const response = await student.request.get(href!);
    expect(response.status()).toBe(200);
    const bytes = Buffer.from(await response.body());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.equals(pdf)).toBe(false);
    const preview = markedList.getByRole('link', { name: '预览 lab-report (marked).pdf' });
    const previewHref = await preview.getAttribute('href');
    expect((await student.request.get(previewHref!)).status()).toBe(200);
  });
});
