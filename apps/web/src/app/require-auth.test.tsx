import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi } from '../test/fetch-mock.ts';
import { makeViewer } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RequireOrgAdmin } from './require-org-admin.tsx';

function currentUser(orgRole: 'admin' | 'member') {
  return makeViewer({ name: '张管理', org_role: orgRole });
}

function renderProtected(path: string) {
  return renderRoutes(
    [
      { path: '/login', element: <p>login page</p> },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: '/user/courses', element: <p>courses</p> },
          { Component: RequireOrgAdmin, children: [{ path: '/admin/users', element: <p>admin only</p> }] },
        ],
      },
    ],
    path,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('RequireAuth', () => {
  it('sends an anonymous visitor to the login page with the way back', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => errorResponse(401, 'unauthenticated', '请先登录') });
    const { router } = renderProtected('/admin/users?page=2');

    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/users?page=2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while loading, then the page', async () => {
    let resolve: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/user': () => new Promise((r) => (resolve = r)) });
    renderProtected('/admin/users');

    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    resolve(jsonResponse(currentUser('admin')));
    expect(await screen.findByText('admin only')).toBeTruthy();
  });

  it('explains instead of rendering an admin page to a member', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(currentUser('member')) });
    renderProtected('/admin/users');

    expect(await screen.findByText('没有访问权限')).toBeTruthy();
    expect(screen.queryByText('admin only')).toBeNull();
  });

  it('shows the server message with a retry when the check keeps failing', async () => {
    let healthy = false;
    const fetchMock = mockApi({
      'GET /api/user': () =>
        healthy
          ? jsonResponse(currentUser('member'))
          : errorResponse(500, 'internal', '服务器出错了，请稍后重试'),
    });
    const user = userEvent.setup();
    renderProtected('/user/courses');

    // 5xx answers are retried twice (1 s, then 2 s) before the error is shown.
    expect(await screen.findByText('服务器出错了，请稍后重试', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);

    healthy = true;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('courses')).toBeTruthy();
  });
});
