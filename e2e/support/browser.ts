import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { repoRoot } from './server.ts';

export const DEMO_PASSWORD = 'lectern-demo';
export const screenshotDir = path.join(repoRoot, 'test-results', 'e2e');

/**
 * Chromium comes from the OS (Debian's `chromium`): Playwright's own browser download cannot run on
 * machines without internet access, so playwright-core drives whatever binary is installed.
 */
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling Google services, which on a closed network means a burst of
  // refused connections and DNS failures at every start.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type PageOptions = {
  /** The system setting "reduce motion": the app then turns antd's animations off. */
  reducedMotion?: boolean;
};

export type BrowserSession = {
  /**
   * A page in a fresh context (own cookies) whose relative URLs resolve against the server. Inside a
   * test it is screenshotted into test-results/e2e when the test fails and closed when it ends.
   */
  newPage(locale?: string, options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
};

/**
 * launch() rather than launchPersistentContext(): Playwright then gives Chromium a new empty
 * --user-data-dir itself (it refuses one in args) and each page can get its own locale and cookies.
 */
export async function launchBrowser(baseURL: string): Promise<BrowserSession> {
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    throw new Error(
      `could not start Chromium at ${executablePath} (install Debian's chromium package or set CHROMIUM_PATH)`,
      { cause: error },
    );
  }
  const contexts = new Set<BrowserContext>();

  return {
    async newPage(locale = 'zh-CN', options: PageOptions = {}) {
      const context = await browser.newContext({
        baseURL,
        locale,
        viewport: { width: 1366, height: 900 },
        reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
      });
      contexts.add(context);
      const page = await context.newPage();
      registerTestHooks(page, context, () => contexts.delete(context));
      return page;
    },
    async close() {
      await Promise.allSettled([...contexts].map((context) => context.close()));
      await browser.close();
    },
  };
}

/** Long enough for a busy machine; a context that takes longer is left to the browser's own close. */
const CONTEXT_CLOSE_MS = 15_000;

/**
 * Closing a context has once hung for minutes after a test had passed (a page left on another origin's
 * form post): the test's result is known by then, so a stuck close must not turn it into a hook timeout.
 */
async function closeWithin(context: BrowserContext, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    console.error(`a browser context did not close within ${ms / 1000} s; left to the browser`);
}

function registerTestHooks(page: Page, context: BrowserContext, forget: () => void): void {
  try {
    // One onTestFinished hook, not onTestFailed: vitest runs the finished hooks first, and the page must
    // still be open for its screenshot.
    onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') await screenshot(page, `${task.file.name}-${task.name}`);
      forget();
      await closeWithin(context, CONTEXT_CLOSE_MS);
    });
  } catch {
    // Opened outside a test (beforeAll): no per-test hooks; BrowserSession.close() closes it.
  }
}

/** Numbers the screenshots: a journey's pages (a teacher's, a student's) and its tries each keep their own. */
let screenshots = 0;

async function screenshot(page: Page, testName: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  screenshots += 1;
  const name = `${testName.replace(/[^\w.-]+/g, '_').slice(0, 150)}-${screenshots}`;
  const file = path.join(screenshotDir, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true });
    console.error(`screenshot of the failed page (${page.url()}): ${path.relative(repoRoot, file)}`);
  } catch (error) {
    console.error(`no screenshot of the failed page: ${(error as Error).message}`);
  }
}

/** The login form, found by its labels so the journeys survive copy changes and either UI language. */
export async function login(page: Page, loginName: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page
    .getByLabel(/账号|帐号|帳號|用户名|学号|學號|工号|工號|登录名|User ?(name|number|ID)|Login|Account/i)
    .fill(loginName);
  await page.getByLabel(/密码|密碼|Password/i).fill(password);
  await page.getByRole('button', { name: /登\s*[录入]|Log ?in|Sign ?in/i }).click();
  await expect
    .poll(() => new URL(page.url()).pathname, {
      timeout: 15_000,
      message: 'still on /login after logging in',
    })
    .not.toMatch(/^\/login/);
}
