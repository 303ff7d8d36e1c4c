import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { DepartmentsAdminPage } from './departments-admin-page.tsx';

const MATH = { id: 3, name: '数学科学学院', code: 'MATH', parent_id: null, sort: 1 };

function renderPage() {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer({ org_role: 'admin' })),
    'GET /api/orgs/1/departments': () => jsonResponse({ departments: [MATH] }),
    'POST /api/orgs/1/departments': (body) => jsonResponse({ ...MATH, id: 9, ...(body as object) }, 201),
    'DELETE /api/orgs/1/departments/3': () =>
      errorResponse(409, 'conflict', 'This department still has 12 users or courses and cannot be deleted.'),
  });
  renderRoutes([{ path: '/admin/departments', element: <DepartmentsAdminPage /> }], '/admin/departments');
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('DepartmentsAdminPage', () => {
  it('creates a department from the dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    expect(await screen.findByText('数学科学学院')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New department' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '物理学院');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'PHY');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/orgs/1/departments')).toEqual([
        { name: '物理学院', code: 'PHY', sort: 0 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 40_000);

  it('tells the admin why a department in use cannot be deleted', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('数学科学学院')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This department still has 12 users or courses and cannot be deleted.'),
    ).toBeTruthy();
  }, 40_000);
});
