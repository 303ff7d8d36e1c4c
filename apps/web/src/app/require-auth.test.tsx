import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RequireOrgAdmin } from './require-org-admin.tsx';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function currentUser(orgRole: 'admin' | 'member') {
  return {
    id: 1,
    user_no: 'A001',
    name: '张管理',
    aliases: null,
    email: null,
    mobile_phone: null,
    avatar_small_url: null,
    avatar_big_url: null,
    department: null,
    org_id: 1,
    org_role: orgRole,
    active: true,
    created_at: '2025-02-01T08:00:00.000Z',
    org: { id: 1, name: '示例大学', code: 'demo', settings: {} },
    csrf_token: 'csrf',
    simulating_course_id: null,
  };
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
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('sends an anonymous visitor to the login page with the way back', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'unauthenticated', message: '请先登录', errors: {} }, 401),
    );
    const { router } = renderProtected('/admin/users?page=2');

    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/users?page=2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while loading, then the page', async () => {
    let resolve: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    renderProtected('/admin/users');

    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    resolve(jsonResponse(currentUser('admin')));
    expect(await screen.findByText('admin only')).toBeTruthy();
  });

  it('explains instead of rendering an admin page to a member', async () => {
    fetchMock.mockResolvedValue(jsonResponse(currentUser('member')));
    renderProtected('/admin/users');

    expect(await screen.findByText('没有访问权限')).toBeTruthy();
    expect(screen.queryByText('admin only')).toBeNull();
  });

  it('shows the server message with a retry when the check keeps failing', async () => {
    let healthy = false;
    fetchMock.mockImplementation(async () =>
      healthy
        ? jsonResponse(currentUser('member'))
        : jsonResponse({ code: 'internal', message: '服务器出错了，请稍后重试', errors: {} }, 500),
    );
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
