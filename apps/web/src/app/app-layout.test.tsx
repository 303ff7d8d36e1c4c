import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../test/fetch-mock.ts';
import { makeViewer } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { AppLayout } from './app-layout.tsx';
import { RequireAuth } from './require-auth.tsx';

function renderLayout() {
  mockApi({ 'GET /api/user': () => jsonResponse(makeViewer({ org_role: 'admin' })) });
  return renderRoutes(
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
  });

  it('names icon-only search buttons in the UI language', async () => {
    renderLayout();

    expect(await screen.findByRole('button', { name: '搜索' })).toBeTruthy();
    await i18n.changeLanguage('en-US');
    expect(await screen.findByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
