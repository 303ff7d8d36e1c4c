import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, screenshotDir, type BrowserSession } from './browser.ts';
import { startServer, type RunningServer, type StartServerOptions } from './server.ts';

/** The demo course most journeys use: owned by t1001, taught with ta2001, s20240001…30 enrolled. */
export const CS201 = {
  name: '数据结构与算法',
  /** The one unpublished activity the demo seeds into it. */
  draftTitle: '作业三：二叉树遍历（草稿）',
  /** A published page at syllabus level, open to everyone without time limits. */
  pageTitle: '课程介绍与学习指南',
  pageHeading: '欢迎学习《数据结构与算法》',
  /** A module whose own activities (no syllabus) get plain edit and delete buttons. */
  firstModule: '第一章 绪论',
} as const;

/** How long a user waits for a page or an answer before the journey counts it as broken. */
export const UI_TIMEOUT = 15_000;

export type Journey = {
  readonly server: RunningServer;
  readonly browser: BrowserSession;
};

/**
 * One built server (fresh embedded database with the demo data) and one Chromium for the test file; each
 * test opens its own page, so every journey logs in on its own.
 */
export function useJourneyServer(options?: StartServerOptions): Journey {
  let server: RunningServer | undefined;
  let browser: BrowserSession | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser(server.baseUrl);
  });
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    // What the server said (warnings and errors) while a journey failed: a 500 behind a missing toast shows.
    if (server) {
      console.error(`--- server output (last lines) for "${task.name}" ---\n${server.output().slice(-4000)}`);
    }
    // The whole message: vitest prints nothing of a try that its retry then passed.
    console.error(
      `--- why "${task.name}" failed (try ${(task.result.retryCount ?? 0) + 1}) ---\n` +
        String(task.result.errors?.[0]?.message ?? '').slice(0, 6000),
    );
    // Every failed try, the retried ones too (vitest.config.ts): the summary of `npm test` lists them.
    const why = String(task.result.errors?.[0]?.message ?? '')
      .split('\n')[0]
      ?.slice(0, 200);
    mkdirSync(screenshotDir, { recursive: true });
    appendFileSync(
      path.join(screenshotDir, 'failed-tries.txt'),
      `${path.basename(task.file.name)} > ${task.name} (try ${(task.result.retryCount ?? 0) + 1}): ${why}\n`,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not running (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
  };
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  const poll = expect.poll(() => pathOf(page), { timeout: UI_TIMEOUT, message: `waiting for ${path}` });
  if (typeof path === 'string') await poll.toBe(path);
  else await poll.toMatch(path);
}

/** Waits until the locator is on screen (its first match if there are several). */
export async function visible(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until nothing matching the locator is on screen. */
export async function gone(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await expect
    .poll(() => locator.count(), { timeout, message: `still on screen: ${locator.toString()}` })
    .toBe(0);
}

/** A toast (the short message that pops up at the top of the page) saying this. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByRole('alert').filter({ hasText: text });
}

/**
 * From "my courses", opens a course by its card (the card is a link named after the course) and answers
 * the course id from the address.
 */
export async function openCourseFromMyCourses(page: Page, courseName: string): Promise<number> {
  await visible(page.getByRole('heading', { level: 1, name: '我的课程' }));
  await page.getByRole('link', { name: courseName, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: courseName }));
  await expectPath(page, /^\/course\/\d+$/);
  return Number(pathOf(page).split('/')[2]);
}
