import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import {
  CS201,
  gone,
  openCourseFromMyCourses,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';
import { seriousAxeFindings } from '../support/a11y.ts';

const journey = useJourneyServer();

async function json<T>(response: { status(): number; json(): Promise<unknown>; text(): Promise<string> }) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * A four-second WebM recorded by the browser itself from a canvas: the repository ships no video file, and
 * the player only needs something that plays and reports its time.
 */
async function recordClip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${(frame += 20) % 360} 60% 50%)`;
      context.fillRect(0, 0, 64, 48);
    }, 100);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describe('quizzes in an online video', () => {
  test('a student on a phone answers the quiz the video stops at; the instructor sees it in the statistics', async () => {
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await openCourseFromMyCourses(teacher, CS201.name);

    // Set up through the API: a video activity, a quiz one second in, one choice question from the library.
    const upload = await json<{ id: number }>(
      await teacher.request.post('/api/uploads', {
        multipart: { file: { name: 'clip.webm', mimeType: 'video/webm', buffer: await recordClip(teacher) } },
      }),
    );
    const { activities } = await json<{ activities: { module_id: number }[] }>(
      await teacher.request.get(`/api/courses/${courseId}/activities`),
    );
    const title = `E2E 视频测验 ${Date.now()}`;
    const video = await json<{ id: number }>(
      await teacher.request.post(`/api/courses/${courseId}/activities`, {
        data: {
          module_id: activities[0]!.module_id,
          type: 'online_video',
          title,
          published: true,
          data: {},
          uploads: [upload.id],
        },
      }),
    );
    const quiz = await json<{ id: number }>(
      await teacher.request.post(`/api/courseware-quiz/activity/${video.id}/quizzes`, {
        data: { title: '小测', position: 1, published: true },
      }),
    );
    const { subject_libs: libs } = await json<{ subject_libs: { id: number; title: string }[] }>(
      await teacher.request.get(`/api/course/${courseId}/subject-libs?with_folder=0`),
    );
    const lib = libs.find((l) => l.title === '数据结构基础题库')!;
    const { subjects } = await json<{ subjects: { id: number }[] }>(
      await teacher.request.get(`/api/subject-libs/${lib.id}?subject_type=single_selection`),
    );
    await json(
      await teacher.request.post(`/api/subject-libs/${lib.id}/copy?videoQuizId=${quiz.id}`, {
        data: { subject_ids: [subjects[0]!.id] },
      }),
    );

    const student = await journey.browser.newPage();
    await student.setViewportSize({ width: 390, height: 844 });
    await login(student, 's20240001');
    const quizzesLoaded = student.waitForResponse((response) =>
      response.url().endsWith(`/api/courseware-quiz/activity/${video.id}/quizzes`),
    );
    await student.goto(`/course/${courseId}/activity/${video.id}`);
    await quizzesLoaded;
    const player = student.locator('video');
    await visible(player);
    // Muted playback needs no gesture; the quiz one second in stops it.
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    const dialog = student.getByRole('dialog', { name: '小测' });
    await visible(dialog, UI_TIMEOUT);
    expect(await player.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    expect(await seriousAxeFindings(student)).toEqual([]);
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: '提交答案' }).click();
    await visible(dialog.getByText(/答对 \d \/ 1 题/));
    await dialog.getByRole('button', { name: '继续观看' }).click();
    await gone(dialog);
    expect(
      await student.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
      ),
    ).toBe(true);

    await teacher.goto(`/course/${courseId}/activity/${video.id}`);
    await teacher.getByRole('tab', { name: '测验' }).click();
    await teacher.getByRole('button', { name: /^统\s*计$/ }).click();
    await visible(teacher.getByText(/名学生中 1 人已作答/));
  });
});
