import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { currentUserQueryKey } from '../public/get-current-user.ts';
import { LoginPage } from './login-page.tsx';

// The page asks for the organisation's logo and the single sign-on providers before anyone signs in;
// most tests have neither.
const noLogo = {
  'GET /api/portal-logo': () => jsonResponse({ url: null, upload_id: null }),
  'GET /api/sso/providers': () => jsonResponse({ providers: [] }),
};
const signedIn = { ...noLogo, 'POST /api/login': () => jsonResponse(makeViewer({ name: '李老师' })) };

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
  await i18n.changeLanguage('zh-CN');
});

describe('LoginPage', () => {
  it('renders labelled fields in Simplified Chinese by default', () => {
    mockApi(noLogo);
    renderLogin();

    expect(screen.getByLabelText('学号/工号或邮箱')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByLabelText('密码')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockApi(noLogo);
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByText('请输入学号/工号或邮箱')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/login')).toEqual([]);
  });

  it('shows the server message on 401', async () => {
    const fetchMock = mockApi({
      ...noLogo,
      'POST /api/login': () => errorResponse(401, 'invalid_credentials', '账号或密码错误'),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    expect(sentBodies(fetchMock, 'POST /api/login')).toEqual([
      { login: 'T2024001', password: 'wrong-password' },
    ]);
  });

  it("shows the server's lock message, with the time left, when the account is locked", async () => {
    mockApi({
      ...noLogo,
      'POST /api/login': () =>
        errorResponse(429, 'account_locked', '该账号登录失败次数过多，已被暂时锁定，请 15 分钟后再试'),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'correct-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      '该账号登录失败次数过多，已被暂时锁定，请 15 分钟后再试',
    );
  });

  it("shows the organisation's portal logo above the form once an administrator has set one", async () => {
    const fetchMock = mockApi({
      ...noLogo,
      'GET /api/portal-logo': () => jsonResponse({ url: '/api/portal-logo/blob?v=4', upload_id: 4 }),
    });
    renderLogin();

    const logo = (await screen.findByAltText('门户 Logo')) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/api/portal-logo/blob?v=4');
    const urls = sentRequests(fetchMock).map((request) => request.url);
    expect(urls.filter((url) => url.startsWith('/api/portal-logo'))).toEqual(['/api/portal-logo']);
  });

  it('signs in, caches the user and follows ?next', async () => {
    mockApi(signedIn);
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
    mockApi(signedIn);
    const user = userEvent.setup();
    const { router } = renderLogin('/login?next=%2F%2Fevil.example%2F');

    await user.type(screen.getByLabelText('学号/工号或邮箱'), 'T2024001');
    await user.type(screen.getByLabelText('密码'), 'correct-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/courses'));
  });
});

describe('LoginPage with single sign-on', () => {
  const withProviders = {
    ...noLogo,
    'GET /api/sso/providers': () =>
      jsonResponse({
        providers: [
          { id: 'cas', name: '统一身份认证', login_url: '/api/sso/cas/login' },
          { id: 'oidc', name: 'University ID', login_url: '/api/sso/oidc/login' },
        ],
      }),
  };

  it('offers a button per configured provider that keeps where the user was going', async () => {
    mockApi(withProviders);
    renderLogin('/login?next=%2Fadmin%2Fusers');

    const cas = await screen.findByRole('link', { name: '使用统一身份认证登录' });
    expect(cas.getAttribute('href')).toBe('/api/sso/cas/login?next=%2Fadmin%2Fusers');
    const oidc = screen.getByRole('link', { name: '使用University ID登录' });
    expect(oidc.getAttribute('href')).toBe('/api/sso/oidc/login?next=%2Fadmin%2Fusers');
    // Password sign-in stays.
    expect(screen.getByLabelText('密码')).toBeInstanceOf(HTMLInputElement);
  });

  it('does not pass on a next that points to another site', async () => {
    mockApi(withProviders);
    renderLogin('/login?next=%2F%2Fevil.example%2F');

    const cas = await screen.findByRole('link', { name: '使用统一身份认证登录' });
    expect(cas.getAttribute('href')).toBe('/api/sso/cas/login?next=%2Fuser%2Fcourses');
  });

  it('shows no provider buttons when single sign-on is not configured', async () => {
    const fetchMock = mockApi(noLogo);
    renderLogin();

    await waitFor(() =>
      expect(sentRequests(fetchMock).map((request) => request.url)).toContain('/api/sso/providers'),
    );
    expect(screen.queryByRole('link', { name: /使用.*登录/ })).toBeNull();
  });

  it("shows why the identity provider's sign-in came back, in the user's language", async () => {
    await i18n.changeLanguage('en-US');
    mockApi(withProviders);
    renderLogin('/login?sso_error=sso_unknown_user');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'No Lectern account matches your user number. Please contact your administrator.',
    );
    expect(await screen.findByRole('link', { name: 'Sign in with University ID' })).toBeTruthy();
  });

  it('shows a general message for an error code it does not know', async () => {
    mockApi(noLogo);
    renderLogin('/login?sso_error=something_new');

    expect((await screen.findByRole('alert')).textContent).toContain('统一身份认证登录失败，请重试');
  });
});
