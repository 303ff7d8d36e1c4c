import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { currentUserQueryKey } from '../public/get-current-user.ts';
import { LoginPage } from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const currentUser = {
  id: 7,
  user_no: 'T2024001',
  name: '李老师',
  aliases: null,
  email: 'li@example.edu',
  mobile_phone: null,
  avatar_small_url: null,
  avatar_big_url: null,
  department: { id: 1, name: '计算机学院' },
  org_id: 1,
  org_role: 'member',
  active: true,
  created_at: '2025-02-01T08:00:00.000Z',
  org: { id: 1, name: '示例大学', code: 'demo', settings: {} },
  csrf_token: 'csrf',
  simulating_course_id: null,
};

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/user/courses', element: <p>courses page</p> },
      { path: '/admin/users', element: <p>users page</p> },
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

describe('LoginPage', () => {
  it('renders labelled fields in Simplified Chinese by default', () => {
    renderLogin();

    expect(screen.getByLabelText('学号/工号或邮箱')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByLabelText('密码')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByText('请输入学号/工号或邮箱')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message on 401', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'invalid_credentials', message: '账号或密码错误', errors: {}, request_id: 'r1' },
        401,
      ),
    );
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ login: 'T2024001', password: 'wrong-password' });
  });

  it('signs in, caches the user and follows ?next', async () => {
    fetchMock.mockResolvedValue(jsonResponse(currentUser));
    const user = userEvent.setup();
    const { router, queryClient } = renderLogin('/login?next=%2Fadmin%2Fusers');

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'correct-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByText('users page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(queryClient.getQueryData(currentUserQueryKey)).toMatchObject({ id: 7, name: '李老师' });
  });

  it('ignores a ?next that points to another site', async () => {
    fetchMock.mockResolvedValue(jsonResponse(currentUser));
    const user = userEvent.setup();
    const { router } = renderLogin('/login?next=%2F%2Fevil.example%2F');

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'correct-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/courses'));
  });
});
