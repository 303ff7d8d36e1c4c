import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { login } from './browser.ts';
import { CS201, UI_TIMEOUT, visible, type Journey } from './journey.ts';

/**
 * Every route, in one interface language per test file (the files run side by side), as a student, an
 * instructor and an administrator: student pages at a phone's 390 × 844, instructor pages at a tablet's
 * 768 × 1024 (the narrowest they promise) and at a desktop size. No serious or critical axe-core violation,
 * exactly one h1, and below desktop width no sideways scrolling of the page and no text squeezed into a
 * one-character column. Pages open with the system's "reduce motion" on, so antd draws no fade that axe
 * could read mid-way.
 *
 * How much each language visits (decision 0019): zh-CN every page of every role at every size; en-US,
 * whose words run 2.5 times as long, every page whose own texts change most, at the narrowest size of its
 * users; zh-TW one sample of each role's pages. Its texts are zh-CN's in the other script, as long to the
 * character (1.00 over all strings), so its layout is zh-CN's; what axe reads is the page's structure,
 * names and colours, the same in every language once each string exists, which the locale tests hold
 * (same keys, no empty string, same placeholders).
 */

export type Locale = 'zh-CN' | 'zh-TW' | 'en-US';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
type Screen = 'desktop' | 'tablet' | 'phone';
const VIEWPORTS: Record<Screen, { width: number; height: number }> = {
  desktop: DESKTOP,
  tablet: TABLET,
  phone: PHONE,
};
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** One role and language visits many pages: far more than a single journey's minute. */
const ROUND_TIMEOUT = 240_000;

type Activity = { id: number; type: string; title: string; published: boolean };

/** The course id of CS201 and one published activity of each type in it (and the first exam's id). */
async function discoverCourse(page: Page): Promise<{ courseId: number; activities: Activity[] }> {
  const link = page.getByRole('link', { name: CS201.name, exact: true });
  await visible(link);
  const href = await link.getAttribute('href');
  const courseId = Number(href?.split('/')[2]);
  const response = await page.request.get(`/api/courses/${courseId}/activities`);
  expect(response.ok()).toBe(true);
  const { activities } = (await response.json()) as { activities: Activity[] };
  const byType = new Map<string, Activity>();
  for (const activity of activities) {
    if (activity.published && !byType.has(activity.type)) byType.set(activity.type, activity);
  }
  return { courseId, activities: [...byType.values()] };
}

function courseRoutes(courseId: number, activities: Activity[]): string[] {
  return [
    '/user/courses',
    `/course/${courseId}`,
    ...activities.map((activity) => `/course/${courseId}/activity/${activity.id}`),
    `/course/${courseId}/members`,
    `/course/${courseId}/groups`,
    `/course/${courseId}/rollcalls`,
    `/course/${courseId}/ask-questions`,
    `/course/${courseId}/teaching-calendar`,
    `/course/${courseId}/reviews`,
    `/course/${courseId}/shared-files`,
  ];
}

/** Waits until the route has rendered: a heading is on screen and no loading indicator is left. */
async function settle(page: Page): Promise<void> {
  await visible(page.getByRole('heading'), UI_TIMEOUT);
  // Polled every 50 ms: at the default intervals (100, 250, 500 ms, then each second) a page that settled
  // just after a check waited up to half a second more, on every one of the ~180 audits.
  await expect
    .poll(() => page.locator('.ant-spin-spinning, [role="status"][aria-label]').count(), {
      timeout: UI_TIMEOUT,
      interval: 50,
    })
    .toBe(0);
}

type Finding = string;

/**
 * axe-core run in the page itself (axe.run). Its default in @axe-core/playwright runs each frame apart and
 * merges the results in a blank page opened for every audit, which took half of each audit's time
 * (measured over the en-US round: 1.35 s an audit, 0.69 s in the page). What that mode adds is the
 * inside of cross-origin frames; the only one on our pages is an H5 package's sandboxed content, a
 * teacher's upload rather than our interface, whose frame element (its title) is audited either way.
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
}

async function audit(page: Page, route: string, findings: Finding[], screen: Screen): Promise<void> {
  await page.goto(route);
  await settle(page);
  const where = `${route} [${screen}]`;

  const results = await axe(page).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => {
        // Colour findings carry the measured colours, which is what one needs to fix them.
        const data = node.any[0]?.data as {
          fgColor?: string;
          bgColor?: string;
          contrastRatio?: number;
        } | null;
        const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
        return `${node.target.join(' ')}${colours}`;
      })
      .join(' | ');
    findings.push(`${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets}`);
  }

  const h1 = await page.getByRole('heading', { level: 1 }).count();
  if (h1 !== 1) findings.push(`${where}: ${h1} h1 headings instead of one`);

  if (screen === 'desktop') return;
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  const width = VIEWPORTS[screen].width;
  if (scrollWidth > width) findings.push(`${where}: scrolls sideways (${scrollWidth} px wide)`);
  // Text with more than two characters laid out in a box narrower than two of them: the "one letter per
  // line" collapse.
  const collapsed = await page.evaluate(() => {
    const selector = 'h1, h2, h3, h4, dt, dd, th, .ant-typography, .ant-card-head-title, .ant-tabs-tab-btn';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const text = (element.innerText || '').trim();
        if (text.length <= 2) return false;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const fontSize = parseFloat(getComputedStyle(element).fontSize) || 14;
        return box.width < fontSize * 2 && box.height > fontSize * 3;
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()} "${element.innerText.trim().slice(0, 20)}"`);
  });
  for (const element of collapsed) findings.push(`${where}: collapsed text ${element}`);
}

async function openPage(journey: Journey, locale: Locale, screen: Screen): Promise<Page> {
  const page = await journey.browser.newPage(locale, { reducedMotion: true });
  await page.setViewportSize(VIEWPORTS[screen]);
  return page;
}

/**
 * The instructor's and administrator's pages outside a course's tabs: the exam editor, marking and import,
 * the question library, grades, rubrics, settings, the import help and the organisation's administration.
 */
async function toolRoutes(page: Page, courseId: number, activities: Activity[]): Promise<string[]> {
  const libs = await page.request.get(`/api/course/${courseId}/subject-libs?with_folder=0`);
  expect(libs.ok()).toBe(true);
  const { subject_libs: subjectLibs } = (await libs.json()) as { subject_libs: { id: number }[] };
  const lib = subjectLibs[0];
  expect(lib, 'the demo course has a question library').toBeDefined();
  const exam = activities.find((activity) => activity.type === 'exam');
  expect(exam, 'the demo course has a published exam').toBeDefined();
  return [
    `/course/${courseId}/grades`,
    `/course/${courseId}/announcements`,
    `/course/${courseId}/recycle-bin`,
    `/course/${courseId}/public-listing`,
    `/course/${courseId}/knowledge-graph`,
    `/exam/${exam!.id}/subjects`,
    `/exam/${exam!.id}/subjects/import`,
    `/exam/${exam!.id}/marking`,
    `/subject-lib/${lib!.id}/edit`,
    `/subject-lib/${lib!.id}/import`,
    '/subject-libs/recycle-bin',
    '/course/exam-subjects-import-help',
    '/user/rubrics',
    '/user/settings',
    '/user/calendar',
    '/user/ai-credits',
    '/combine-course/step-1',
  ];
}

/** The projector view of the course's first ask-question (the demo seeds a finished draw in CS201). */
async function askQuestionProjector(page: Page, courseId: number): Promise<string> {
  const response = await page.request.get(`/api/courses/${courseId}/ask-questions`);
  expect(response.ok()).toBe(true);
  const { ask_questions: asked } = (await response.json()) as { ask_questions: { id: number }[] };
  expect(asked[0], 'the demo course has an ask-question').toBeDefined();
  return `/course/${courseId}/ask-questions/${asked[0]!.id}/projector`;
}

async function postJson(page: Page, url: string, data: unknown): Promise<unknown> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/**
 * The projector view of a classroom exam with its question released, as the class sees it. The demo seeds
 * no classroom exam, so the instructor's round makes one in CS201 (after the students' rounds have run).
 */
async function classroomExamProjector(page: Page, courseId: number): Promise<string> {
  const modules = await page.request.get(`/api/courses/${courseId}/modules`);
  expect(modules.ok()).toBe(true);
  const moduleId = ((await modules.json()) as { modules: { id: number }[] }).modules[0]!.id;
  const exam = (await postJson(page, `/api/courses/${courseId}/activities`, {
    module_id: moduleId,
    type: 'classroom_exam',
    title: 'Classroom exam · 随堂测验',
    published: true,
    data: {},
  })) as { id: number };
  const saved = (await postJson(page, `/api/classroom-exams/${exam.id}/subjects`, {
    subjects: [
      {
        type: 'single_selection',
        description: '<p>栈的特点是？ What does a stack do?</p>',
        point: 0,
        options: [
          { content: '先进先出 · first in, first out', is_answer: false },
          { content: '后进先出 · last in, first out', is_answer: true },
        ],
      },
    ],
  })) as { subjects: { id: number }[] };
  await postJson(page, `/api/classroom-exams/${exam.id}/subjects/${saved.subjects[0]!.id}/release`, {});
  return `/course/${courseId}/classroom-exams/${exam.id}/projector`;
}

const ADMIN_ROUTES = [
  '/admin/users',
  '/admin/organisation',
  '/admin/meeting-vendors',
  '/admin/departments',
  '/admin/academic-years',
  '/admin/announcements',
  '/admin/ai',
  '/admin/public-listings',
  '/admin/resource-audit',
];

function isWordy(activity: { type: string }): boolean {
  return ['exam', 'material', 'homework', 'questionnaire', 'h5_courseware'].includes(activity.type);
}

function report(findings: Finding[]): void {
  expect(findings, `accessibility and layout problems:\n${findings.join('\n')}`).toEqual([]);
}

/** The rounds of one language (see the top of this file for how much each language visits). */
export function accessibilityRounds(journey: Journey, locale: Locale): void {
  if (locale === 'zh-TW') {
    sampleRound(journey, locale);
    return;
  }
  const full = locale === 'zh-CN';

  test(
    `${locale}: the login page and every student page, on a phone`,
    async () => {
      const findings: Finding[] = [];
      const page = await openPage(journey, locale, 'phone');
      await audit(page, '/login', findings, 'phone');
      // The public portal, as an anonymous visitor (the demo's one curriculum is the first row).
      await audit(page, '/portal', findings, 'phone');
      await audit(page, '/curriculum/1', findings, 'phone');
      await login(page, 's20240001');
      await settle(page);
      const { courseId, activities } = await discoverCourse(page);
      const exam = activities.find((activity) => activity.type === 'exam');
      // The demo questionnaire's answering page here, its results in the instructor's round (zh-CN).
      expect(activities.map((activity) => activity.type)).toContain('questionnaire');
      const routes = courseRoutes(courseId, full ? activities : activities.filter(isWordy));
      routes.push('/user/calendar?view=list', '/user/settings', `/course/${courseId}/announcements`);
      // The demo course's knowledge graph is published: the student reads it (issue 17).
      routes.push(`/course/${courseId}/knowledge-graph`);
      if (exam) routes.push(`/exam/${exam.id}/take`);
      for (const route of routes) await audit(page, route, findings, 'phone');
      report(findings);
    },
    ROUND_TIMEOUT,
  );

  // The phone round holds the student's pages at their narrowest; the roomier desktop once, in zh-CN.
  if (full) {
    test(
      `${locale}: the student's main pages on a desktop`,
      async () => {
        const findings: Finding[] = [];
        const page = await openPage(journey, locale, 'desktop');
        await audit(page, '/login', findings, 'desktop');
        await login(page, 's20240001');
        await settle(page);
        const { courseId } = await discoverCourse(page);
        const routes = [
          '/user/courses',
          `/course/${courseId}`,
          `/course/${courseId}/members`,
          '/user/calendar',
        ];
        for (const route of routes) await audit(page, route, findings, 'desktop');
        report(findings);
      },
      ROUND_TIMEOUT,
    );
  }

  test(
    `${locale}: every instructor and administrator page on a desktop`,
    async () => {
      const findings: Finding[] = [];
      const page = await openPage(journey, locale, 'desktop');
      await login(page, 't1001');
      await settle(page);
      const { courseId, activities } = await discoverCourse(page);
      const shown = full ? activities : activities.filter(isWordy);
      const routes = [...courseRoutes(courseId, shown), '/subject-libs'];
      for (const route of routes) await audit(page, route, findings, 'desktop');
      report(findings);
    },
    ROUND_TIMEOUT,
  );

  // At the tablet width instructors are promised, where long words break first.
  test(
    `${locale}: the instructor's tools and the administration, tablet`,
    async () => {
      const findings: Finding[] = [];
      const page = await openPage(journey, locale, 'tablet');
      await login(page, 't1001');
      await settle(page);
      const { courseId, activities } = await discoverCourse(page);
      const routes = await toolRoutes(page, courseId, activities);
      // The projector views: the ask-question's finished draw and a released classroom question.
      routes.push(await askQuestionProjector(page, courseId), await classroomExamProjector(page, courseId));
      for (const route of routes) await audit(page, route, findings, 'tablet');

      const admin = await openPage(journey, locale, 'tablet');
      await login(admin, 'admin');
      await settle(admin);
      for (const route of ADMIN_ROUTES) await audit(admin, route, findings, 'tablet');
      report(findings);
    },
    ROUND_TIMEOUT,
  );
}

/**
 * One sample of each role's pages: the anonymous portal, a student's course, activity, exam and settings on
 * a phone, an instructor's grades, exam editor, marking, question library and import at the tablet width,
 * and the administration's users and organisation.
 */
function sampleRound(journey: Journey, locale: Locale): void {
  test(
    `${locale}: a sample of every role's pages, at each role's narrowest size`,
    async () => {
      const findings: Finding[] = [];
      const student = await openPage(journey, locale, 'phone');
      await audit(student, '/login', findings, 'phone');
      await audit(student, '/portal', findings, 'phone');
      await login(student, 's20240001');
      await settle(student);
      const { courseId, activities } = await discoverCourse(student);
      const exam = activities.find((activity) => activity.type === 'exam');
      const homework = activities.find((activity) => activity.type === 'homework');
      expect(exam && homework, 'the demo course has a published exam and homework').toBeTruthy();
      for (const route of [
        '/user/courses',
        `/course/${courseId}`,
        `/course/${courseId}/activity/${homework!.id}`,
        `/exam/${exam!.id}/take`,
        '/user/settings',
      ]) {
        await audit(student, route, findings, 'phone');
      }

      const teacher = await openPage(journey, locale, 'tablet');
      await login(teacher, 't1001');
      await settle(teacher);
      const libs = await teacher.request.get(`/api/course/${courseId}/subject-libs?with_folder=0`);
      expect(libs.ok()).toBe(true);
      const { subject_libs: subjectLibs } = (await libs.json()) as { subject_libs: { id: number }[] };
      for (const route of [
        `/course/${courseId}/grades`,
        `/exam/${exam!.id}/subjects`,
        `/exam/${exam!.id}/marking`,
        `/subject-lib/${subjectLibs[0]!.id}/edit`,
        // The pages that pick something by language themselves: the import templates and their help.
        `/subject-lib/${subjectLibs[0]!.id}/import`,
        '/course/exam-subjects-import-help',
      ]) {
        await audit(teacher, route, findings, 'tablet');
      }

      const admin = await openPage(journey, locale, 'tablet');
      await login(admin, 'admin');
      await settle(admin);
      for (const route of ['/admin/users', '/admin/organisation'])
        await audit(admin, route, findings, 'tablet');
      report(findings);
    },
    ROUND_TIMEOUT,
  );
}

/** The skip link and the phone's menu button, in English. */
export function keyboardRound(journey: Journey): void {
  test('the skip link is the first stop of the keyboard and moves focus to the main content', async () => {
    const page = await openPage(journey, 'en-US', 'phone');
    await login(page, 's20240001');
    // A page as it loads: after the sign-in the browser would start Tab from where the pressed sign-in
    // button was, somewhere in the middle of the new page.
    await page.goto('/user/courses');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect.poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    // On a phone the primary navigation is behind the menu button.
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'My courses' }));
    await visible(nav.getByRole('link', { name: 'To-do' }));
  });
}

/**
 * Serious or critical axe-core findings on the page as it is now, once no toast is left on screen: a toast
 * read while it fades reports its half-transparent text as a contrast failure (seen on a loaded CI machine).
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: UI_TIMEOUT }).toBe(0);
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
