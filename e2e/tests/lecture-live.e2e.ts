import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, UI_TIMEOUT, useJourneyServer, visible } from '../support/journey.ts';

const PHONE = { width: 360, height: 780 };
/** The encoder pushes this long; the journey stops it earlier once the student has watched. */
const PUSH_SECONDS = 60;
/** A busy 2-core machine transcodes a few seconds of 320×240 within this. */
const REPLAY_TIMEOUT = 45_000;
/** The demo seeds lecture lives that take ports first (one each, counting up from LIVE_RTMP_PORT). */
const RTMP_PORTS = 6;

/** Whether a port on the loopback interface can be bound now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports, so the server's RTMP listeners have room of their own. */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

// RTMP ingest is on only where LIVE_RTMP_PORT is set; the built server then listens for encoders itself.
const rtmpPort = await freePortRange(RTMP_PORTS);
const journey = useJourneyServer({
  env: { LIVE_RTMP_PORT: String(rtmpPort), LIVE_RTMP_PORTS: String(RTMP_PORTS) },
});

async function courseIdOf(page: Page): Promise<number> {
  const response = await page.request.get('/api/my-courses?page=1&page_size=50');
  expect(response.status()).toBe(200);
  const { courses } = (await response.json()) as { courses: { id: number; name: string }[] };
  const course = courses.find((c) => c.name === CS201.name);
  expect(course, 'CS201 is among my courses').toBeDefined();
  return course!.id;
}

async function statusOf(page: Page, id: number): Promise<string> {
  const response = await page.request.get(`/api/lecture-lives/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** ffmpeg as OBS would be: a generated test pattern and tone, pushed in real time over RTMP. */
function pushTestPattern(url: string): { process: ChildProcess; exited: Promise<number | null> } {
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      String(PUSH_SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      // A key frame every second: the live HLS cuts 2-second segments on key frames.
      '-g',
      '15',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-f',
      'flv',
      url,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  ffmpeg.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve) =>
    ffmpeg.once('exit', (code) => {
      if (code !== 0 && code !== 255) console.error(`ffmpeg push exited ${code}: ${stderr}`);
      resolve(code);
    }),
  );
  return { process: ffmpeg, exited };
}

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * Starts the player as a viewer does, with a click on the paused video (again if a click landed while
 * the player was still loading, as a viewer presses play again), and waits for its clock to move.
 */
async function expectPlaying(video: Locator, minimum: number): Promise<void> {
  await visible(video);
  await expect
    .poll(
      async () => {
        if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await video.click();
        return currentTime(video);
      },
      { timeout: 30_000, interval: 1_000, message: 'the video clock did not start' },
    )
    .toBeGreaterThan(0);
  const started = await currentTime(video);
  await expect
    .poll(() => currentTime(video), { timeout: 20_000, message: 'the video clock did not advance' })
    .toBeGreaterThan(started + minimum);
}

describe('lecture live', () => {
  test('an instructor goes live from an encoder, a student watches on a phone, then the replay plays', async () => {
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await courseIdOf(teacher);
    const modules = await teacher.request.get(`/api/courses/${courseId}/modules`);
    const moduleId = ((await modules.json()) as { modules: { id: number }[] }).modules[0]!.id;
    const title = `E2E 课堂直播 ${Date.now()}`;
    const created = await teacher.request.post(`/api/courses/${courseId}/activities`, {
      data: {
        module_id: moduleId,
        type: 'lecture_live',
        title,
        published: true,
        start_time: new Date(Date.now() + 60_000).toISOString(),
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
        data: { description: '<p>测试信号直播</p>' },
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };

    // What the instructor copies into OBS: the server URL and the secret key, from the page.
    await teacher.goto(`/course/${courseId}/activity/${id}`);
    const ingest = teacher.getByRole('region', { name: '使用推流软件开始直播' });
    const serverUrl = ingest.locator('tr', { hasText: '服务器地址' }).locator('code');
    await visible(serverUrl, 30_000);
    const server = (await serverUrl.innerText()).trim();
    expect(server).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    const key = (await ingest.locator('tr', { hasText: '推流密钥' }).locator('code').innerText()).trim();
    expect(key.length).toBeGreaterThan(20);

    const push = pushTestPattern(`${server}/${key}`);
    try {
      await expect
        .poll(() => statusOf(teacher, id), { timeout: UI_TIMEOUT, message: 'the live did not start' })
        .toBe('live_in_progress');

      const student = await journey.browser.newPage();
      await student.setViewportSize(PHONE);
      // What the player fetched, for the failure message: a player that never starts says nothing itself.
      const fetched: string[] = [];
      student.on('response', (r) => {
        if (r.url().includes('/hls/'))
          fetched.push(`${r.status()} ${new URL(r.url()).pathname.split('/').pop()}`);
      });
      student.on('console', (m) => fetched.push(`console.${m.type()}: ${m.text().slice(0, 200)}`));
      await login(student, 's20240001');
      await student.goto(`/course/${courseId}/activity/${id}`);
      await visible(student.getByText('直播中'));
      const live = student.getByLabel('直播画面');
      // The player reports every 10 s of playing: the first report is what the statistics count.
      const beat = student.waitForResponse(
        (r) => r.url().endsWith(`/api/lecture-live/schedule/${id}/player-visits`) && r.ok(),
        { timeout: 30_000 },
      );
      // Awaited below; a journey that fails before then must not also report it as unhandled.
      beat.catch(() => {});
      try {
        await expectPlaying(live, 2);
      } catch (error) {
        const state = await live.evaluate((v: HTMLVideoElement) => ({
          readyState: v.readyState,
          networkState: v.networkState,
          paused: v.paused,
          error: v.error?.message ?? v.error?.code ?? null,
          buffered: v.buffered.length > 0 ? [v.buffered.start(0), v.buffered.end(0)] : [],
        }));
        console.error(`live player ${JSON.stringify(state)}\n${fetched.join('\n')}`);
        throw error;
      }
      await beat;
      expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The instructor stops the encoder (OBS's "stop streaming": the connection closes cleanly).
      push.process.kill('SIGINT');
      await push.exited;
      await expect
        .poll(() => statusOf(student, id), { timeout: REPLAY_TIMEOUT, message: 'the replay was not made' })
        .toBe('replay_unpublished');

      await student.reload();
      await visible(student.getByText('可观看回放'));
      const replay = student.getByLabel('回放（1080P）');
      await expectPlaying(replay, 1);

      // The instructor's viewing statistics now list the student's live time.
      await teacher.reload();
      const stats = teacher.getByRole('region', { name: '观看统计' });
      await visible(stats.getByRole('cell', { name: 's20240001' }));
      await visible(stats.getByText('1 / 30 名学生'));
    } finally {
      if (push.process.exitCode === null) push.process.kill('SIGKILL');
    }
  }, 120_000);
});
