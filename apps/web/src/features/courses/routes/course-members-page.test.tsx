import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../public/course-context.ts';
import { makeMember } from '../test/fixtures.ts';
import { CourseMembersPage } from './course-members-page.tsx';

const chief = makeMember({
  id: 7,
  name: 'Li Wei',
  user_no: 'T2024001',
  course_roles: ['instructor'],
  is_chief_instructor: true,
});
const student = makeMember({ id: 100, name: 'Zhang San', user_no: 'S001' });
const otherStudent = makeMember({ id: 101, name: 'Wang Wu', user_no: 'S002' });

function renderPage(course: Course, members = [chief, student, otherStudent]) {
  const fetchMock = mockApi({
    'GET /api/courses/42/members': () => jsonResponse({ members }),
    'DELETE /api/courses/42/members/100': () => jsonResponse({ ok: true }),
    'POST /api/courses/42/members': () =>
      jsonResponse({
        members: [makeMember({ id: 102, name: 'Zhao Liu', user_no: 'S003' })],
        not_found: ['S404'],
      }),
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId/members',
        element: (
          <CourseContext value={course}>
            <CourseMembersPage />
          </CourseContext>
        ),
      },
    ],
    '/course/42/members',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseMembersPage', () => {
  it('shows students a read-only list', async () => {
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }));

    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(screen.getByText('Chief instructor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add members/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change roles/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    // No contacts were sent, so there is no e-mail column.
    expect(screen.queryByRole('columnheader', { name: 'E-mail' })).toBeNull();
  });

  it('gives managers role changes and removal, except removing the chief instructor', async () => {
    renderPage(makeCourse(), [chief, { ...student, email: 'zhang@example.edu' }]);

    const chiefRow = (await screen.findByText('T2024001')).closest('tr')!;
    const studentRow = screen.getByText('S001').closest('tr')!;
    expect(within(chiefRow).getByRole('button', { name: /Change roles/ })).toBeTruthy();
    expect(within(chiefRow).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(studentRow).getByRole('button', { name: /Remove/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toBeTruthy();
    expect(screen.getByText('zhang@example.edu')).toBeTruthy();
  });

  it('filters by role and keyword', async () => {
    const user = userEvent.setup();
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }));
    await screen.findByText('Zhang San');

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'S002');

    await waitFor(() => expect(screen.queryByText('Zhang San')).toBeNull());
    expect(screen.getByText('Wang Wu')).toBeTruthy();
  });

  it('adds members by user number and lists the numbers nobody has', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(makeCourse());
    await screen.findByText('Zhang San');

    await user.click(screen.getByRole('button', { name: /Add members/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('User numbers'));
    await user.paste('S003\nS404, S003');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('1 added, 1 not found.')).toBeTruthy();
    expect(screen.getByText('S404')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/courses/42/members')).toEqual([
      { user_nos: ['S003', 'S404'], roles: ['student'] },
    ]);
  });

  it('asks in a dialog that takes the focus before removing a member', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(makeCourse());
    const studentRow = (await screen.findByText('S001')).closest('tr')!;

    await user.click(within(studentRow).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove "Zhang San" from the course?');
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    // Focus is inside the dialog, so Tab and Enter reach its buttons (a popover left it on the page).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(confirm);

    expect(await screen.findByText('"Zhang San" has been removed from the course')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url)),
    ).toEqual(['/api/courses/42/members/100']);
  });
});
