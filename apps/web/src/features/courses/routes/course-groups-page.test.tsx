import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../public/course-context.ts';
import { makeGroupSet, makeMember } from '../test/fixtures.ts';
import { CourseGroupsPage } from './course-groups-page.tsx';

const zhang = { id: 100, name: 'Zhang San', user_no: 'S001', avatar_small_url: null };
const wang = { id: 101, name: 'Wang Wu', user_no: 'S002', avatar_small_url: null };
const teams = makeGroupSet({
  members: [zhang, wang],
  leaders: [zhang],
  groups: [{ id: 50, name: 'Team A', sort: 0, group_set_id: 5, members: [zhang, wang], leaders: [zhang] }],
});

function renderPage(course: Course, handlers: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/courses/42/group-sets': () => jsonResponse({ group_sets: [teams] }),
    'GET /api/courses/42/members': () =>
      jsonResponse({
        members: [
          makeMember({ ...zhang }),
          makeMember({ ...wang }),
          makeMember({ id: 102, name: 'Li Si', user_no: 'S003' }),
        ],
      }),
    ...handlers,
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <CourseContext value={course}>
            <CourseGroupsPage />
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

describe('CourseGroupsPage', () => {
  it('shows students the groups with their leaders, read-only', async () => {
    const fetchMock = renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }));

    const list = await screen.findByRole('list', { name: 'Members of Team A' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Zhang San (S001)Leader', 'Wang Wu (S002)']);
    expect(screen.queryByRole('button', { name: /New group set/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add group/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    // Students do not choose group members, so the member list is not even asked for.
    expect(sentBodies(fetchMock, 'GET /api/courses/42/members')).toHaveLength(0);
  });

  it('tells managers how many students are not in a group', async () => {
    renderPage(makeCourse());

    expect(await screen.findByText(/1 student not in a group/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete "Team A"' })).toBeTruthy();
  });

  it('creates a group set with numbered groups', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(makeCourse(), {
      'POST /api/courses/42/group-sets': () => jsonResponse(makeGroupSet({ id: 6, name: 'Labs' }), 201),
    });
    await screen.findByText('Team A');

    await user.click(screen.getByRole('button', { name: /New group set/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Group set name'));
    await user.paste('Labs');
    const count = within(dialog).getByLabelText('Number of groups to create');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/courses/42/group-sets')).toEqual([
        { name: 'Labs', group_names: ['Group 1', 'Group 2', 'Group 3'] },
      ]),
    );
  });

  it('shows the server messages when saving group members fails', async () => {
    const user = userEvent.setup();
    renderPage(makeCourse(), {
      'PUT /api/groups/50': () =>
        jsonResponse(
          {
            code: 'validation_failed',
            message: 'Some fields are invalid. Please check and try again.',
            errors: { member_ids: ['Group members must be students of the course (not students: 7).'] },
          },
          400,
        ),
    });
    await screen.findByText('Team A');

    await user.click(screen.getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    expect(
      await within(dialog).findByText('Group members must be students of the course (not students: 7).'),
    ).toBeTruthy();
    expect(screen.getByText('Some fields are invalid. Please check and try again.')).toBeTruthy();
  });

  it('moves students into a group with named buttons', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(makeCourse(), {
      'PUT /api/groups/50': () =>
        jsonResponse({
          id: 50,
          name: 'Team A',
          sort: 0,
          group_set_id: 5,
          members: [zhang],
          leaders: [zhang],
        }),
    });
    await screen.findByText('Team A');

    await user.click(screen.getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('Li Si (S003)'));
    // Named in the UI language, not by the arrow icons' English names.
    await user.click(within(dialog).getByRole('button', { name: 'Add the selected students to this group' }));
    expect(
      within(dialog).getByRole('button', { name: 'Take the selected students out of this group' }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /api/groups/50')).toHaveLength(1));
    const [body] = sentBodies(fetchMock, 'PUT /api/groups/50') as {
      member_ids: number[];
      leader_ids: number[];
    }[];
    expect([...(body?.member_ids ?? [])].sort()).toEqual([100, 101, 102]);
    expect(body?.leader_ids).toEqual([100]);
  });
});
