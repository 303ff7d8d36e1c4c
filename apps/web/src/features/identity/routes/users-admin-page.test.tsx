import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeUser, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { UsersAdminPage } from './users-admin-page.tsx';

function renderPage() {
  const admin = makeViewer({ org_role: 'admin' });
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(admin),
    'GET /api/orgs/1/departments': () => jsonResponse({ departments: [] }),
    'GET /api/org/users': () =>
      jsonResponse({
        page: 1,
        page_size: 10,
        pages: 1,
        total: 2,
        users: [makeUser({ id: admin.id, user_no: admin.user_no, name: admin.name }), makeUser()],
      }),
    'PUT /api/org/users/100': () => jsonResponse(makeUser({ active: false })),
  });
  renderRoutes([{ path: '/admin/users', element: <UsersAdminPage /> }], '/admin/users');
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('UsersAdminPage', () => {
  it('lists users with their creation time as YYYY-MM-DD HH:mm:ss and labelled actions', async () => {
    renderPage();

    const row = (await screen.findByText('S001')).closest('tr')!;
    // The web test project runs with TZ=UTC.
    expect(within(row).getByText('2026-03-01 08:00:00')).toBeTruthy();
    // Named by their words alone, not by the icons' English names.
    expect(screen.getByRole('button', { name: 'New user' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
  });

  it('asks in a dialog that takes the focus before deactivating someone', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const row = (await screen.findByText('S001')).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Deactivate "Zhang San"? They will no longer be able to sign in.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('"Zhang San" has been deactivated')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/org/users/100')).toEqual([{ active: false }]);
  });

  it('does not let admins deactivate their own account', async () => {
    renderPage();

    const ownRow = (await screen.findByText('T2024001')).closest('tr')!;
    expect(within(ownRow).getByRole('button', { name: 'Deactivate' })).toHaveProperty('disabled', true);
  });

  it('shows the real role of each user and whole e-mail addresses', async () => {
    const admin = makeViewer({ org_role: 'admin' });
    mockApi({
      'GET /api/user': () => jsonResponse(admin),
      'GET /api/orgs/1/departments': () => jsonResponse({ departments: [] }),
      'GET /api/org/users': () =>
        jsonResponse({
          page: 1,
          page_size: 10,
          pages: 1,
          total: 3,
          users: [
            makeUser({ id: 1, user_no: 'A1', org_role: 'admin', teaches: false }),
            makeUser({
              id: 2,
              user_no: 'T1',
              teaches: true,
              email: 'a.very.long.address@department.example.edu',
            }),
            makeUser({ id: 3, user_no: 'S1', teaches: false }),
          ],
        }),
    });
    renderRoutes([{ path: '/admin/users', element: <UsersAdminPage /> }], '/admin/users');

    const row = (userNo: string) => screen.findByText(userNo).then((cell) => cell.closest('tr')!);
    expect(within(await row('A1')).getByText('Administrator')).toBeTruthy();
    expect(within(await row('T1')).getByText('Instructor')).toBeTruthy();
    expect(within(await row('S1')).getByText('Student')).toBeTruthy();
    expect(within(await row('T1')).getByText('a.very.long.address@department.example.edu')).toBeTruthy();
  });
});
