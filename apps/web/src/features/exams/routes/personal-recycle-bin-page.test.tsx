import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PersonalRecycleBinPage } from './personal-recycle-bin-page.tsx';
import { SubjectLibsPage } from './subject-libs-page.tsx';

const DAY = 86_400_000;
const deletedAt = Date.now() - 2 * DAY;
const binned: RecycleBinItem = {
  id: 8,
  course_id: null,
  type: 'question',
  item_id: 700,
  title: 'Which law explains inertia?',
  activity_type: null,
  source: { type: 'library', id: 5, title: 'My mechanics' },
  deleted_at: new Date(deletedAt).toISOString(),
  deleted_by: { id: 7, name: 'Li Wei' },
  expires_at: new Date(deletedAt + 30 * DAY).toISOString(),
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('PersonalRecycleBinPage', { timeout: 30_000 }, () => {
  it('lists the questions deleted from personal libraries and restores one after confirming', async () => {
    let items = [binned];
    const fetchMock = mockApi({
      'GET /api/recycle-bin/personal': () => jsonResponse({ items, retention_days: 30 }),
      'POST /api/recycle-bin/8/restore': () => {
        items = [];
        return jsonResponse({ message: 'Restored.' });
      },
    });
    renderRoutes([{ path: '/', element: <PersonalRecycleBinPage /> }], '/');

    expect(await screen.findByText('Which law explains inertia?')).toBeTruthy();
    expect(screen.getByText('From My mechanics')).toBeTruthy();
    expect(screen.getByText('28 days')).toBeTruthy();
    expect(screen.getByText(/stay here for 30 days/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Restore Which law explains inertia?' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(sentRequests(fetchMock).some((r) => r.url === '/api/recycle-bin/8/restore')).toBe(true),
    );
    expect(await screen.findByText('The recycle bin is empty')).toBeTruthy();
  });

  it('deletes an item for good only after a second, explicit confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/recycle-bin/personal': () => jsonResponse({ items: [binned], retention_days: 30 }),
      'DELETE /api/recycle-bin/8': () => jsonResponse({ message: 'Deleted.' }),
    });
    renderRoutes([{ path: '/', element: <PersonalRecycleBinPage /> }], '/');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete Which law explains inertia? for good' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests(fetchMock).some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('is reachable from the question libraries page', async () => {
    mockApi({
      'GET /api/subject-libs': () => jsonResponse({ subject_libs: [] }),
      'GET /api/recycle-bin/personal': () => jsonResponse({ items: [], retention_days: 30 }),
    });
    renderRoutes(
      [
        { path: '/subject-libs', element: <SubjectLibsPage /> },
        { path: '/subject-libs/recycle-bin', element: <PersonalRecycleBinPage /> },
      ],
      '/subject-libs',
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Recycle bin' }));
    expect(await screen.findByRole('heading', { name: 'My libraries’ recycle bin' })).toBeTruthy();
  });
});
