import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCalDavServer, type CalDavFake } from '../../apps/server/src/test/caldav-server.fake.ts';
import { login } from '../support/browser.ts';
import {
  CS201,
  openCourseFromMyCourses,
  toast,
  UI_TIMEOUT,
  useJourneyServer,
  visible,
} from '../support/journey.ts';

// No vendor in the server's environment: CalDAV reaches the double only through the organisation's settings,
// on 127.0.0.1, which this operator allows (an administrator's URL must otherwise be a public address).
const journey = useJourneyServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });

let dav: CalDavFake;
beforeAll(async () => {
  dav = await startCalDavServer();
});
afterAll(async () => {
  await dav?.close();
});

/** `YYYY-MM-DD HH:mm` in UTC; a day either side of now is in progress whatever zone the picker shows. */
function pickerText(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Types a date and time into a picker and confirms it with the panel's OK button (Enter would submit the
 * dialog), pressing OK until the panel has closed: a click while it redraws is lost (activities.e2e.ts).
 */
async function pickDateTime(page: Page, picker: Locator, value: string): Promise<void> {
  await picker.click();
  await picker.fill(value);
  const minutes = page
    .locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-time-panel-column')
    .nth(1);
  await expect
    .poll(() => minutes.locator('.ant-picker-time-panel-cell-selected').innerText(), { timeout: UI_TIMEOUT })
    .toBe(value.slice(-2));
  const openPanel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect
    .poll(
      async () => {
        const ok = openPanel.getByRole('button', { name: /^确\s*定$/ });
        if ((await ok.count()) > 0) await ok.click({ timeout: 2_000 }).catch(() => undefined);
        return openPanel.count();
      },
      { timeout: UI_TIMEOUT, interval: 300 },
    )
    .toBe(0);
  await expect.poll(() => picker.inputValue()).toBe(value);
}

describe('meeting vendors', () => {
  test('an admin connects the organisation’s CalDAV server; an instructor books a meeting into it; a student can join', async () => {
    const admin = await journey.browser.newPage();
    // The narrowest width administrators are promised.
    await admin.setViewportSize({ width: 768, height: 1024 });
    await login(admin, 'admin');
    // Reached from the administration pages' navigation.
    await admin.goto('/admin/organisation');
    await admin.getByRole('navigation', { name: '管理' }).getByRole('link', { name: '会议平台' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: '会议平台' }));
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    const caldav = admin.getByRole('form', { name: 'CalDAV 日历' });
    await caldav.getByRole('switch', { name: '启用' }).click();
    // An address inside the server's network that the operator did not allow is refused at the field.
    const collection = caldav.getByLabel('日历集合地址', { exact: true });
    await collection.fill('http://169.254.169.254/latest/');
    await caldav.getByLabel('用户名', { exact: true }).fill(dav.username);
    await caldav.getByLabel('密码', { exact: true }).fill(dav.password);
    await caldav.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(caldav.getByText('该地址不在公网上', { exact: false }));
    // The operator allowed the double's address: the same form then saves.
    await collection.fill(dav.url);
    await caldav.getByLabel('用户名', { exact: true }).fill(dav.username);
    await caldav.getByLabel('密码', { exact: true }).fill(dav.password);
    // Named by its text alone: antd leaves the refused save's loading icon (aria-label "loading") in the
    // button, and app/button-loading-icon.css takes it out of the accessibility tree.
    await caldav.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(admin, 'CalDAV 日历设置已保存'));
    // The password is never shown again: the field only says one is saved.
    const password = admin.getByRole('form', { name: 'CalDAV 日历' }).getByLabel('密码', { exact: true });
    await expect.poll(() => password.getAttribute('placeholder')).toBe('已保存（留空则保留）');
    expect(await password.inputValue()).toBe('');

    const teacher = await journey.browser.newPage();
    await login(teacher, 't1001');
    const courseId = await openCourseFromMyCourses(teacher, CS201.name);
    await teacher
      .getByRole('region', { name: CS201.firstModule, exact: true })
      .getByRole('button', { name: '预约会议' })
      // The module's own button comes first; its syllabi have one each.
      .first()
      .click();
    await teacher.getByRole('menuitem', { name: '日历会议' }).click();
    const dialog = teacher.getByRole('dialog', { name: '日历会议' });
    await visible(dialog);
    const title = `E2E 日历会议 ${Date.now()}`;
    await dialog.getByLabel('标题', { exact: true }).fill(title);
    await pickDateTime(
      teacher,
      dialog.getByLabel('开始时间', { exact: true }),
      pickerText(new Date(Date.now() - 86_400_000)),
    );
    await pickDateTime(
      teacher,
      dialog.getByLabel('结束时间', { exact: true }),
      pickerText(new Date(Date.now() + 86_400_000)),
    );
    await dialog.getByLabel('入会链接', { exact: true }).fill('https://meet.example.edu/e2e-room');
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(toast(teacher, '会议已写入日历服务器'));

    // The invitation went to the double with the credentials the admin saved.
    const stored = [...dav.objects.keys()];
    expect(stored).toHaveLength(1);
    expect(dav.requests.at(-1)).toMatchObject({ method: 'PUT', authorized: true });
    const activityId = Number(/lectern-meeting-(\d+)@/.exec(stored[0] ?? '')?.[1]);
    expect(activityId).toBeGreaterThan(0);

    const student = await journey.browser.newPage();
    await login(student, 's20240001');
    await student.goto(`/course/${courseId}/activity/${activityId}`);
    await visible(student.getByRole('heading', { name: title }));
    await visible(student.getByRole('button', { name: '加入会议' }));
  });
});
