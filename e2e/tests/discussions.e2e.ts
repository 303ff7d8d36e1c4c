import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
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

/** CS201's published forum in the demo data, in the module "第二章 线性表". */
const FORUM = { module: '第二章 线性表', title: '讨论：顺序表和链表该怎么选？' } as const;

/** CS201's courseware in the demo data: a five-page PDF (apps/server/src/seed/demo-courseware.ts). */
const COURSEWARE = { title: '第二章课件：线性表', file: '第二章 线性表.pdf', pages: 5 } as const;

/** s20240001 … s20240003 in the demo data. */
const WANG = { login: 's20240001', name: '王浩然' } as const;
const LI = { login: 's20240002', name: '李思远' } as const;

/** pdf.js downloads, starts its worker and draws on a loaded machine: give the first page time. */
const PDF_TIMEOUT = 45_000;

/** From a course page, opens one of its activities by its link and waits for its page. */
async function openActivity(page: Page, title: string): Promise<number> {
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await visible(page.getByRole('heading', { level: 2, name: title, exact: true }));
  await expectPath(page, /^\/course\/\d+\/activity\/\d+$/);
  return Number(pathOf(page).split('/')[4]);
}

/** A topic's card in its thread: an article named after the topic (its replies are articles inside it). */
function topicCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

function replyItems(card: Locator): Locator {
  return card.getByRole('article', { name: /^(回复|Reply)$/ });
}

/** What a canvas shows, read as the page's own scripts could. */
type CanvasLook = { painted: boolean; fingerprint: number };

/**
 * Whether pdf.js really drew the page: every demo page has a blue band across its top (sample-pdf.ts),
 * and a fingerprint of all its pixels tells one page's drawing from another's.
 */
async function canvasLook(image: Locator): Promise<CanvasLook> {
  return image.evaluate((element) => {
    // The e2e project has no DOM types; this is the part of HTMLCanvasElement used here.
    const canvas = element as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      } | null;
    };
    const context = canvas.getContext('2d');
    if (!context || canvas.width < 10 || canvas.height < 10) return { painted: false, fingerprint: 0 };
    const [r = 0, g = 0, b = 0] = context.getImageData(
      Math.floor(canvas.width / 2),
      Math.floor(canvas.height * 0.05),
      1,
      1,
    ).data;
    const all = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let fingerprint = 0;
    for (let i = 0; i < all.length; i += 4)
      fingerprint = (fingerprint * 31 + all[i]! + all[i + 1]!) % 1_000_000_007;
    // The band is rgb(41, 97, 181): clearly blue, not the white or transparent of an empty canvas.
    return { painted: b > 150 && b - r > 80 && g < 150, fingerprint };
  });
}

/** Waits until the viewer shows `pageNumber` of the courseware, drawn; answers the drawing's fingerprint. */
async function shownPage(viewer: Locator, pageNumber: number, notLike?: number): Promise<number> {
  const image = viewer.getByRole('img', {
    name: `Page ${pageNumber} of ${COURSEWARE.pages} of the document`,
    exact: true,
  });
  await visible(image, PDF_TIMEOUT);
  let look: CanvasLook = { painted: false, fingerprint: 0 };
  await expect
    .poll(
      async () => {
        look = await canvasLook(image);
        return look.painted && look.fingerprint !== notLike;
      },
      { timeout: PDF_TIMEOUT, message: `page ${pageNumber} of the PDF was never drawn` },
    )
    .toBe(true);
  expect(await viewer.getByRole('textbox', { name: 'Page number', exact: true }).inputValue()).toBe(
    String(pageNumber),
  );
  return look.fingerprint;
}

/** Signs in (English interface), opens CS201's courseware and answers its viewer and question panel. */
async function openCourseware(page: Page, loginName: string) {
  await login(page, loginName);
  await visible(page.getByRole('heading', { level: 1, name: 'My courses' }));
  await page.getByRole('link', { name: CS201.name, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: CS201.name }));
  await openActivity(page, COURSEWARE.title);
  return {
    viewer: page.getByRole('region', { name: COURSEWARE.file, exact: true }),
    panel: page.getByRole('region', { name: 'Questions', exact: true }),
  };
}

/** antd's segmented control hides its radio inputs from the pointer; people click the option's text. */
async function chooseSegment(group: Locator, option: string): Promise<void> {
  await group.getByText(option, { exact: true }).click();
  await expect
    .poll(() => group.getByRole('radio', { name: option, exact: true }).isChecked(), { timeout: UI_TIMEOUT })
    .toBe(true);
}

/** The questions in the panel's list, top to bottom, by their text. */
async function listedQuestions(panel: Locator): Promise<string[]> {
  return panel
    .getByRole('list', { name: 'Questions', exact: true })
    .getByRole('listitem')
    .locator('.discussion-post-content')
    .allInnerTexts();
}

/** The page tag the panel lists questions of (it follows the viewer's page a second after it settles). */
function currentPageTag(panel: Locator, pageNumber: number): Locator {
  return panel
    .getByRole('group', { name: 'Pages', exact: true })
    .getByRole('checkbox', { name: `Page ${pageNumber}`, exact: true, checked: true });
}

function questionItem(panel: Locator, text: string): Locator {
  return panel
    .getByRole('list', { name: 'Questions', exact: true })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/** Types a question into the panel's box and asks it, anonymously if told; waits until it is listed. */
async function ask(panel: Locator, text: string, anonymous: boolean): Promise<void> {
  const box = panel.getByRole('textbox', { name: 'Your question', exact: true });
  await box.click();
  await box.fill(text);
  if (anonymous) await panel.getByRole('checkbox', { name: /Post anonymously/ }).check();
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  await visible(questionItem(panel, text));
  // Reset for the next question: empty box, not anonymous.
  await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT }).toBe('');
}

describe('discussions', () => {
  test('students start a topic, like, reply and edit in the forum; the teacher deletes it from hot topics', async () => {
    const stamp = Date.now();
    const title = `E2E 话题 ${stamp}`;
    const content = `单链表插入为什么是 O(1)？（${stamp}）`;
    const reply = `因为只需改两个指针（${stamp}）`;
    const edited = `已知前驱结点时只需改两个指针（${stamp}）`;

    // 李思远 starts a topic in the course forum.
    const li = await journey.browser.newPage();
    await login(li, LI.login);
    const courseId = await openCourseFromMyCourses(li, CS201.name);
    const forumId = await openActivity(li, FORUM.title);
    await visible(li.getByRole('heading', { name: /^话题（\d+）$/ }));
    await li.getByRole('button', { name: '发起话题' }).click();
    const dialog = li.getByRole('dialog', { name: '发起话题' });
    await visible(dialog);
    await dialog.getByLabel('标题', { exact: true }).fill(title);
    await dialog.getByLabel('内容', { exact: true }).fill(content);
    await dialog.getByRole('button', { name: /^发\s*布$/ }).click();
    await visible(toast(li, '发表成功'));
    await gone(dialog);
    const liTopics = li.getByRole('list', { name: '话题列表' });
    await visible(liTopics.getByRole('link', { name: title, exact: true }));
    await visible(
      liTopics.getByRole('listitem').filter({ hasText: title }).getByText(LI.name, { exact: true }),
    );

    // 王浩然 finds it among the course's hot topics, then likes it and replies in its thread.
    const wang = await journey.browser.newPage();
    await login(wang, WANG.login);
    await openCourseFromMyCourses(wang, CS201.name);
    const wangHot = wang.getByRole('region', { name: '热门话题' });
    const hotItem = wangHot.getByRole('listitem').filter({ hasText: title });
    await visible(hotItem);
    await visible(hotItem.getByText(`来自 ${FORUM.title}`, { exact: true }));
    await visible(hotItem.getByText('回复 0', { exact: true }));
    await hotItem.getByRole('link', { name: title, exact: true }).click();
    await expectPath(wang, `/course/${courseId}/activity/${forumId}`);
    expect(new URL(wang.url()).searchParams.has('topic')).toBe(true);

    const wangTopic = topicCard(wang, title);
    await visible(wangTopic.getByText(content, { exact: true }));
    await visible(wangTopic.getByText(LI.name, { exact: true }));
    // Nobody may edit or delete a classmate's topic.
    expect(await wangTopic.getByRole('button', { name: '更多操作' }).count()).toBe(0);
    await wangTopic.getByRole('button', { name: '点赞（0）', exact: true }).click();
    const liked = wangTopic.getByRole('button', { name: '取消点赞（1）', exact: true });
    await visible(liked);
    expect(await liked.getAttribute('aria-pressed')).toBe('true');

    await wangTopic.getByRole('button', { name: '回复（0）', exact: true }).click();
    await wangTopic.getByRole('textbox', { name: '你的回复' }).fill(reply);
    await wangTopic.getByRole('button', { name: '发送回复', exact: true }).click();
    await visible(toast(wang, '发表成功'));
    // His only reply in the thread (found by its author: editing changes its text).
    const wangReply = replyItems(wangTopic).filter({ has: wang.getByText(WANG.name, { exact: true }) });
    await visible(wangReply.getByText(reply, { exact: true }));
    expect(await wangReply.count()).toBe(1);
    await visible(wangTopic.getByRole('button', { name: '回复（1）', exact: true }));

    // …and corrects his reply.
    await wangReply.getByRole('button', { name: '更多操作' }).click();
    await wang.getByRole('menuitem', { name: '编辑' }).click();
    const editor = wangReply.getByRole('textbox', { name: '编辑内容' });
    expect((await editor.innerText()).trim()).toBe(reply);
    await editor.fill(edited);
    await wangReply.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(wang, '保存成功'));
    await visible(wangReply.getByText(edited, { exact: true }));
    await gone(wangReply.getByRole('textbox', { name: '编辑内容' }));
    await gone(wangTopic.getByText(reply, { exact: true }));

    // What the classmates did is stored: after a reload the like, the reply and the edit are all still there.
    await wang.reload();
    await visible(topicCard(wang, title).getByText(edited, { exact: true }));
    await visible(topicCard(wang, title).getByRole('button', { name: '取消点赞（1）', exact: true }));

    // The topic's author sees the like and the answer, and may not like their own topic.
    await liTopics.getByRole('link', { name: title, exact: true }).click();
    const liTopic = topicCard(li, title);
    await visible(liTopic.getByText(edited, { exact: true }));
    const ownLike = liTopic.getByRole('button', { name: /^点赞（1）$/ }).first();
    await visible(ownLike);
    expect(await ownLike.isDisabled()).toBe(true);

    // The teacher opens it from the course's hot topics (with its one reply) and deletes the student's topic.
    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    await openCourseFromMyCourses(teacher, CS201.name);
    const teacherHot = teacher.getByRole('region', { name: '热门话题' }).getByRole('listitem').filter({
      hasText: title,
    });
    await visible(teacherHot.getByText('回复 1', { exact: true }));
    await teacherHot.getByRole('link', { name: title, exact: true }).click();
    await expectPath(teacher, `/course/${courseId}/activity/${forumId}`);
    const teacherTopic = topicCard(teacher, title);
    await visible(teacherTopic.getByText(edited, { exact: true }));
    // The topic's own menu comes first; each reply has its own after it.
    await teacherTopic.getByRole('button', { name: '更多操作' }).first().click();
    await teacher.getByRole('menuitem', { name: '删除' }).click();
    const confirm = teacher.getByRole('dialog').filter({ hasText: '确定删除吗？' });
    await visible(confirm);
    await confirm.getByRole('button', { name: /^删\s*除$/ }).click();
    await visible(toast(teacher, '删除成功'));
    await gone(confirm);
    // Back on the forum's topic list, without the topic.
    const teacherTopics = teacher.getByRole('list', { name: '话题列表' });
    await visible(teacherTopics.getByRole('listitem'));
    expect(await teacherTopics.getByRole('link', { name: title, exact: true }).count()).toBe(0);

    // Gone for the students too, from the forum and from the course's hot topics.
    const listed = await li.request.get(`/api/activities/${forumId}/topics?page=1&page_size=50`);
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { topics: { title: string }[] };
    expect(body.topics.map((topic) => topic.title)).not.toContain(title);
    await wang.goto(`/course/${courseId}`);
    await visible(wang.getByRole('region', { name: '热门话题' }).getByRole('listitem'));
    expect(await wang.getByRole('region', { name: '热门话题' }).getByText(title).count()).toBe(0);
  });

  test('a student asks anonymously on page 3 of the courseware; a classmate finds it on that page by heat', async () => {
    const stamp = Date.now();
    const anonymousQuestion = `Why is insertion after a known node O(1)? (${stamp})`;
    const namedQuestion = `Does a singly linked list need a head node? (${stamp})`;

    // 王浩然 reads the courseware in the in-page viewer (pdf.js, in Chromium) and turns to page 3.
    const wang = await journey.browser.newPage('en-US');
    const reader = await openCourseware(wang, WANG.login);
    const firstPage = await shownPage(reader.viewer, 1);
    expect(await reader.viewer.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await reader.viewer.getByRole('button', { name: 'Next page' }).click();
    const secondPage = await shownPage(reader.viewer, 2, firstPage);
    await reader.viewer.getByRole('button', { name: 'Next page' }).click();
    await shownPage(reader.viewer, 3, secondPage);

    // He asks anonymously; the question is tied to page 3 and he still sees it is his, marked anonymous.
    await ask(reader.panel, anonymousQuestion, true);
    const own = questionItem(reader.panel, anonymousQuestion);
    await visible(own.getByText('Page 3', { exact: true }));
    await visible(own.getByText(WANG.name, { exact: true }));
    await visible(own.getByText('Posted anonymously', { exact: true }));

    // Only this page's questions, with the choice of order that comes with that filter.
    await chooseSegment(reader.panel.getByRole('radiogroup', { name: 'Which questions' }), 'Current page');
    await visible(reader.panel.getByRole('radiogroup', { name: 'Sort by' }));
    await visible(currentPageTag(reader.panel, 3));
    await visible(questionItem(reader.panel, anonymousQuestion));

    // 李思远 goes to page 3 by typing it and asks a question of his own there, under his name.
    const li = await journey.browser.newPage('en-US');
    const classmate = await openCourseware(li, LI.login);
    const liFirst = await shownPage(classmate.viewer, 1);
    const pageBox = classmate.viewer.getByRole('textbox', { name: 'Page number', exact: true });
    await pageBox.fill('3');
    await pageBox.press('Enter');
    await shownPage(classmate.viewer, 3, liFirst);
    await ask(classmate.panel, namedQuestion, false);

    // Page 3's questions, by heat at first: nobody has liked either yet, so the newer (his own) leads.
    await chooseSegment(classmate.panel.getByRole('radiogroup', { name: 'Which questions' }), 'Current page');
    const sort = classmate.panel.getByRole('radiogroup', { name: 'Sort by' });
    expect(await sort.getByRole('radio', { name: 'Popular', exact: true }).isChecked()).toBe(true);
    // Once the panel has settled on the viewer's page, the list is that page's.
    await visible(currentPageTag(classmate.panel, 3));
    await expect
      .poll(() => listedQuestions(classmate.panel), { timeout: UI_TIMEOUT })
      .toEqual([namedQuestion, anonymousQuestion]);
    // Newest first: the same order, and the anonymous question's author is hidden.
    await chooseSegment(sort, 'Newest');
    await expect
      .poll(() => listedQuestions(classmate.panel), { timeout: UI_TIMEOUT })
      .toEqual([namedQuestion, anonymousQuestion]);
    const hidden = questionItem(classmate.panel, anonymousQuestion);
    await visible(hidden.getByText('Anonymous', { exact: true }));
    expect(await hidden.getByText(WANG.name).count()).toBe(0);
    await visible(hidden.getByText('Page 3', { exact: true }));

    // He finds the anonymous question useful; back to heat, it now comes first (not the order seen before).
    await hidden.getByRole('button', { name: 'Like (0)', exact: true }).click();
    await visible(hidden.getByRole('button', { name: 'Unlike (1)', exact: true }));
    await chooseSegment(sort, 'Popular');
    await expect
      .poll(() => listedQuestions(classmate.panel), { timeout: UI_TIMEOUT })
      .toEqual([anonymousQuestion, namedQuestion]);

    // The order comes from the server: a fresh visit to page 3 lists it the same way, still anonymous.
    await li.reload();
    const again = await shownPage(classmate.viewer, 1);
    await classmate.viewer.getByRole('button', { name: 'Next page' }).click();
    const second = await shownPage(classmate.viewer, 2, again);
    await classmate.viewer.getByRole('button', { name: 'Next page' }).click();
    await shownPage(classmate.viewer, 3, second);
    await chooseSegment(classmate.panel.getByRole('radiogroup', { name: 'Which questions' }), 'Current page');
    await visible(currentPageTag(classmate.panel, 3));
    expect(
      await classmate.panel
        .getByRole('radiogroup', { name: 'Sort by' })
        .getByRole('radio', { name: 'Popular', exact: true })
        .isChecked(),
    ).toBe(true);
    await expect
      .poll(() => listedQuestions(classmate.panel), { timeout: UI_TIMEOUT })
      .toEqual([anonymousQuestion, namedQuestion]);
    await visible(questionItem(classmate.panel, anonymousQuestion).getByText('Anonymous', { exact: true }));
    expect(await classmate.panel.getByText(WANG.name).count()).toBe(0);
  });
});
