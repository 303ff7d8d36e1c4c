import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecycleBinItem } from '@lectern/contracts/courses/recycle-bin.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentRequests,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../public/course-context.ts';
import { CourseRecycleBinPage } from './course-recycle-bin-page.tsx';

const DAY = 86_400_000;

function item(overrides: Partial<RecycleBinItem>): RecycleBinItem {
  const deletedAt = Date.now() - 2 * DAY;
  return {
    id: 1,
    course_id: 42,
    type: 'activity',
    item_id: 300,
    title: 'Midterm',
    activity_type: 'exam',
    source: null,
    deleted_at: new Date(deletedAt).toISOString(),
    deleted_by: { id: 9, name: 'Zhao Min' },
    expires_at: new Date(deletedAt + 30 * DAY).toISOString(),
    ...overrides,
  };
}

const midterm = item({});
const week3 = item({
  id: 2,
  type: 'module',
  item_id: 12,
  title: 'Week 3',
  activity_type: null,
  deleted_by: null,
});

const question = item({
  id: 3,
  type: 'question',
  item_id: 700,
  title: 'Which law explains inertia?',
  activity_type: null,
  source: { type: 'library', id: 5, title: 'Mechanics bank' },
});
const examQuestion = item({
  id: 4,
  type: 'question',
  item_id: 701,
  title: 'Define momentum',
  activity_type: null,
  source: { type: 'exam', id: 300, title: 'Final exam' },
});

function renderPage(handlers: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/courses/42/recycle-bin': () =>
      jsonResponse({ items: [midterm, week3, question, examQuestion], retention_days: 30 }),
    ...handlers,
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <CourseContext value={makeCourse()}>
            <CourseRecycleBinPage />
          </CourseContext>
        ),
      },
    ],
    '/',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseRecycleBinPage', () => {
  it('lists what was deleted, by whom and how long it is kept', async () => {
    renderPage();

    const row = (await screen.findByText('Midterm')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Exam')).toBeTruthy();
    expect(within(row).getByText('Zhao Min')).toBeTruthy();
    expect(within(row).getByText('28 more days')).toBeTruthy();
    const moduleRow = screen.getByText('Week 3').closest('tr');
    if (!moduleRow) throw new Error('no row');
    expect(within(moduleRow).getByText('Module')).toBeTruthy();
    expect(within(moduleRow).getByText('Former user')).toBeTruthy();
    expect(screen.getByText(/stay here for 30 days with everything students did in them/)).toBeTruthy();
  });

  it('restores an item after confirming and reports the server message', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage({
      'POST /api/recycle-bin/2/restore': () => jsonResponse({ message: 'Restored.' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Restore "Week 3"' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/comes back with the syllabi and activities deleted with it/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Restored.')).toBeTruthy();
    expect(
      sentRequests(fetchMock).some((r) => r.method === 'POST' && r.url === '/api/recycle-bin/2/restore'),
    ).toBe(true);
  });

  it('deletes forever only after a second confirmation, and shows a refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage({
      'DELETE /api/recycle-bin/1': () =>
        errorResponse(403, 'forbidden', 'Only the course instructors may manage the recycle bin.'),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete "Midterm" forever' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    expect(sentRequests(fetchMock).some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));

    expect(await screen.findByText('Only the course instructors may manage the recycle bin.')).toBeTruthy();
    await waitFor(() => expect(sentRequests(fetchMock).some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('lists deleted questions with their library or exam, and shows why a restore is refused', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'POST /api/recycle-bin/4/restore': () =>
        errorResponse(409, 'conflict', 'Students have already started this exam.'),
    });

    const row = (await screen.findByText('Which law explains inertia?')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Question')).toBeTruthy();
    expect(within(row).getByText('In library "Mechanics bank"')).toBeTruthy();
    const examRow = screen.getByText('Define momentum').closest('tr');
    if (!examRow) throw new Error('no row');
    expect(within(examRow).getByText('In exam "Final exam"')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Restore "Define momentum"' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/comes back to its exam paper or library/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Students have already started this exam.')).toBeTruthy();
  });

  it('says when the bin is empty', async () => {
    renderPage({ 'GET /api/courses/42/recycle-bin': () => jsonResponse({ items: [], retention_days: 30 }) });
    expect(await screen.findByText('The recycle bin is empty')).toBeTruthy();
  });
});
