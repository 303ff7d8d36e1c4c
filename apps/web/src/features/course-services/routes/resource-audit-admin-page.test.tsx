import type {
  AuditReference,
  ResourceAuditCoursesResponse,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ResourceAuditAdminPage } from './resource-audit-admin-page.tsx';

const COURSES: ResourceAuditCoursesResponse = {
  page: 1,
  page_size: 20,
  pages: 1,
  total: 1,
  counts: { agree: 0, reject: 0, auditing: 1 },
  courses: [
    {
      id: 7,
      code: 'PHY201',
      name: 'Optics',
      cover: null,
      owner_id: 3,
      created_at: '2026-09-01T00:00:00.000Z',
      activity_count: 4,
      resource_count: 1,
      audit_status: 'auditing',
      audit_counts: { agree: 0, reject: 0, auditing: 1 },
    },
  ],
};

const FILE: AuditReference = {
  upload_id: 41,
  name: 'lenses.pdf',
  size: 1024,
  mime_type: 'application/pdf',
  uploaded_by: { id: 3, name: 'Tess Teacher' },
  activities: [{ id: 9, title: 'Week 1 reading' }],
  shared: false,
  audit_status: 'auditing',
  audit_remark: null,
  reviewed_at: null,
};

function renderPage() {
  const fetchMock = mockApi({
    'GET /api/courses/statistic/resource-audit': () => jsonResponse(COURSES),
    'GET /api/courses/7/resource-audit': () =>
      jsonResponse({
        page: 1,
        page_size: 10,
        pages: 1,
        total: 1,
        counts: { agree: 0, reject: 0, auditing: 1 },
        audit_references: [FILE],
      }),
    'PUT /api/courses/7/resource-audit/41': (body) => jsonResponse({ ...FILE, ...(body as object) }),
    'GET /api/courses/tpdoe/stat-students': (_, url) =>
      jsonResponse({
        result: {
          stat_type: url.searchParams.get('stat_type'),
          start_date: url.searchParams.get('start_date'),
          end_date: url.searchParams.get('end_date'),
          timezone: 'UTC',
          student_count: 31,
          total: url.searchParams.get('stat_type') === 'submissions' ? 12 : 17,
          days: [{ date: url.searchParams.get('start_date'), value: 5 }],
          courses: [{ course_id: 7, name: 'Optics', student_count: 31, value: 17 }],
        },
      }),
  });
  renderRoutes(
    [{ path: '/admin/resource-audit', element: <ResourceAuditAdminPage /> }],
    '/admin/resource-audit',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the resource review page', () => {
  it('lists courses with their status and counts, and approves a file', { timeout: 30_000 }, async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resource review' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const row = (await screen.findByText('Optics')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Awaiting review')).toBeTruthy();
    expect(screen.getByText('Courses awaiting review: 1')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('lenses.pdf')).toBeTruthy();
    expect(screen.getByText('Week 1 reading')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve lenses.pdf' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/7/resource-audit/41')).toEqual([
        { audit_status: 'agree' },
      ]),
    );
  });

  it('asks for a reason before rejecting a file', { timeout: 30_000 }, async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('Optics', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /expand/i }));
    await user.click(await screen.findByRole('button', { name: 'Reject lenses.pdf' }));
    // Found by role alone: antd's ids are all "test-id" under the test setup, so the dialog's
    // aria-labelledby may name another element of this page (the filters use ids too).
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject lenses.pdf')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Say why the file is rejected')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/courses/7/resource-audit/41')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Copyrighted');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/7/resource-audit/41')).toEqual([
        { audit_status: 'reject', audit_remark: 'Copyrighted' },
      ]),
    );
  });

  it("shows the students' statistics of the ticked courses", { timeout: 30_000 }, async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Optics', {}, { timeout: 15_000 });
    expect(
      screen.getByText("Tick courses in the table above to see their students' statistics."),
    ).toBeTruthy();
    const statsCalls = () =>
      sentRequests(fetchMock)
        .map((r) => new URL(r.url, 'http://localhost'))
        .filter((u) => u.pathname === '/api/courses/tpdoe/stat-students');
    expect(statsCalls()).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Include Optics in the student statistics' }));
    const section = screen.getByRole('region', { name: 'Student statistics' });
    expect((await within(section).findAllByText('Active students in the period')).length).toBeGreaterThan(0);
    await waitFor(() => expect(within(section).getAllByText('17').length).toBeGreaterThan(0));
    expect(within(section).getAllByText('31').length).toBeGreaterThan(0);
    const first = statsCalls()[0]!;
    expect(first.searchParams.get('course_ids')).toBe('7');
    expect(first.searchParams.get('stat_type')).toBe('active_students');
    expect(JSON.parse(first.searchParams.get('conditions') ?? '{}')).toHaveProperty('timezone');
    const days =
      (Date.parse(first.searchParams.get('end_date')!) - Date.parse(first.searchParams.get('start_date')!)) /
      86_400_000;
    expect(days).toBe(29);

    await user.click(within(section).getByRole('combobox', { name: 'Statistic' }));
    await user.click(await screen.findByTitle('Hand-ins'));
    expect((await within(section).findAllByText('Hand-ins in the period')).length).toBeGreaterThan(0);
    await waitFor(() => expect(statsCalls().at(-1)?.searchParams.get('stat_type')).toBe('submissions'));
    await waitFor(() => expect(within(section).getAllByText('12').length).toBeGreaterThan(0));
  });
});
