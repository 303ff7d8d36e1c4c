import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../test/fetch-mock.ts';
import { makeViewer } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { AppLayout } from './app-layout.tsx';
import { RequireAuth } from './require-auth.tsx';

/** Makes antd's breakpoints see a window this wide (jsdom has no layout, so matchMedia is faked). */
function setWindowWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}

const defaultMatchMedia = window.matchMedia;
afterEach(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: defaultMatchMedia });
});

function renderLayout(viewer: Partial<CurrentUser> = { org_role: 'admin' }) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer(viewer)),
    'GET /api/notifications/unread-count': () => jsonResponse({ unread_count: 0 }),
    'GET /api/ai/status': () =>
      jsonResponse({ available: true, credit_mode: 'allocation', max_text_length: 20000 }),
  });
  renderRoutes(
    [
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [{ path: '/user/courses', element: <Input.Search aria-label="Find" /> }],
      },
    ],
    '/user/courses',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('AppLayout', () => {
  it('opens the user menu from the keyboard, its items named in the UI language', async () => {
    const user = userEvent.setup();
    renderLayout();

    const trigger = await screen.findByRole('button', { name: /Li Wei/ });
    trigger.focus();
    await user.keyboard('{Enter}');

    // Only the words: the icons' English names ("logout", "team") stay out of the names. (That focus moves
    // into the menu needs real layout; the e2e journeys drive it in Chromium.)
    expect(await screen.findByRole('menuitem', { name: '退出登录' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '用户管理' })).toBeTruthy();
    // Time zone and phone number live in the personal settings, reached from the same menu.
    expect(screen.getByRole('menuitem', { name: '个人设置' })).toBeTruthy();
  });

  it('names icon-only search buttons in the UI language', async () => {
    renderLayout();

    expect(await screen.findByRole('button', { name: '搜索' })).toBeTruthy();
    await i18n.changeLanguage('en-US');
    expect(await screen.findByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderLayout();
    await screen.findByRole('main');

    await user.tab();
    const skip = screen.getByRole('link', { name: '跳到主要内容' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(document.activeElement?.id).toBe('main');
  });

  it('shows the primary navigation beside the page on a desktop, administration only for admins', async () => {
    setWindowWidth(1366);
    renderLayout({ org_role: 'admin' });

    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '我的课程' }).getAttribute('href')).toBe('/user/courses');
    expect(within(nav).getByRole('link', { name: '待办' }).getAttribute('href')).toBe('/user/courses#todos');
    expect(within(nav).getByRole('link', { name: '日历' }).getAttribute('href')).toBe('/user/calendar');
    expect(within(nav).getByRole('link', { name: '公告' }).getAttribute('href')).toBe('/announcements');
    expect(within(nav).getByRole('link', { name: '题库' }).getAttribute('href')).toBe('/subject-libs');
    expect(within(nav).getByRole('link', { name: '系统管理' }).getAttribute('href')).toBe('/admin/users');
    expect(screen.queryByRole('button', { name: '打开导航菜单' })).toBeNull();
  });

  it('offers a teacher the AI credits page once a model is configured', async () => {
    const user = userEvent.setup();
    renderLayout({ org_role: 'member', can_create_course: true });
    await user.click(await screen.findByRole('button', { name: /Li Wei/ }));
    expect(await screen.findByRole('menuitem', { name: /我的 AI 积分/ })).toBeTruthy();
  });

  it('does not ask a student whether AI is configured', async () => {
    const user = userEvent.setup();
    const fetchMock = renderLayout({ org_role: 'member', can_create_course: false });
    await user.click(await screen.findByRole('button', { name: /Li Wei/ }));
    expect(await screen.findByRole('menuitem', { name: '个人设置' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /我的 AI 积分/ })).toBeNull();
    expect(sentRequests(fetchMock).map((request) => request.url)).not.toContainEqual(
      expect.stringContaining('/api/ai/status'),
    );
  });

  it('marks the section the page belongs to as the current one, and only that one', async () => {
    setWindowWidth(1366);
    renderLayout({ org_role: 'admin' });

    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['我的课程']);
  });

  it('hides administration and teaching tools from a student', async () => {
    setWindowWidth(1366);
    renderLayout({ org_role: 'member', can_create_course: false });

    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '我的课程' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '公告' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: '系统管理' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: '题库' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: '评分标准' })).toBeNull();
  });

  it('puts the navigation in a drawer behind a menu button on a phone', async () => {
    setWindowWidth(390);
    const user = userEvent.setup();
    renderLayout({ org_role: 'member', can_create_course: true });

    const open = await screen.findByRole('button', { name: '打开导航菜单' });
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    await user.click(open);

    // Named, so a screen reader announces what opened. (Under test antd gives every dialog the same
    // aria-labelledby id, so the name is read from the label the drawer carries itself.)
    const drawer = await screen.findByRole('dialog');
    expect(drawer.getAttribute('aria-label')).toBe('菜单');
    const nav = within(drawer).getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '评分标准' }).getAttribute('href')).toBe('/user/rubrics');
    expect(await within(drawer).findByRole('combobox', { name: '搜索课程和活动' })).toBeTruthy();
  });

  it('names the navigation in the interface language', async () => {
    setWindowWidth(1366);
    renderLayout();
    await screen.findByRole('navigation', { name: '主导航' });

    await i18n.changeLanguage('en-US');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'My courses' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Administration' })).toBeTruthy();
    await i18n.changeLanguage('zh-TW');
    expect(await screen.findByRole('link', { name: '跳到主要內容' })).toBeTruthy();
  });
});
