import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeSummary } from '../test/fixtures.ts';
import { MyCoursesPage } from './my-courses-page.tsx';

const learning = makeSummary({ id: 1, display_name: 'Linear Algebra', course_code: 'MA101' });
const teaching = makeSummary({
  id: 2,
  display_name: 'Data Structures',
  course_code: 'CS201',
  current_user_roles: ['instructor'],
});

function page(courses: unknown[]) {
  return { page: 1, page_size: 12, pages: 1, total: courses.length, courses };
}

/** By default someone who teaches (the teaching list below is theirs), so the server lets them create. */
function setup(viewer = makeViewer({ can_create_course: true }), handlers: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(viewer),
    'GET /api/todos': () => jsonResponse({ todo_list: [] }),
    'GET /api/my-semesters': () =>
      jsonResponse({
        semesters: [
          {
            id: 2,
            name: 'Spring',
            code: '2',
            sort: 2,
            start_date: null,
            end_date: null,
            academic_year: { id: 1, name: '2024-2025', code: '2024' },
          },
        ],
      }),
    'POST /api/my-courses': (body) => {
      const role = (body as { conditions?: { role?: string[] } }).conditions?.role;
      return jsonResponse(page(role ? [teaching] : [learning, teaching]));
    },
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/user/courses', Component: MyCoursesPage },
      { path: '/course/:courseId', element: <p>course page</p> },
    ],
    '/user/courses',
  );
  return { fetchMock, ...view };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('MyCoursesPage', () => {
  it('lists my courses as links to the course', async () => {
    const { fetchMock } = setup();

    const link = await screen.findByRole('link', { name: 'Linear Algebra' });
    expect(link.getAttribute('href')).toBe('/course/1');
    const card = screen.getByRole('article', { name: 'Linear Algebra' });
    expect(within(card).getByText('MA101 · 2024-2025 Spring')).toBeTruthy();
    expect(within(card).getByText('Student')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Data Structures' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/my-courses')[0]).toEqual({
      page: 1,
      page_size: 12,
      conditions: {},
    });
  });

  it('asks for the courses I own or teach on the Teaching tab', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await screen.findByRole('link', { name: 'Linear Algebra' });
    // A member who teaches nothing is not offered course creation on the learning tab.
    expect(screen.queryByRole('button', { name: /Create course/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Teaching' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Linear Algebra' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Data Structures' })).toBeTruthy();
    const bodies = sentBodies(fetchMock, 'POST /api/my-courses');
    expect(bodies).toContainEqual({
      page: 1,
      page_size: 12,
      conditions: { role: ['chief_instructor', 'instructor'] },
    });
    // Someone who teaches a course may create another.
    expect(await screen.findByRole('button', { name: /Create course/ })).toBeTruthy();
  });

  it('sends the keyword once typing pauses', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await screen.findByRole('link', { name: 'Linear Algebra' });

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'alg');

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/my-courses').at(-1)).toEqual({
        page: 1,
        page_size: 12,
        conditions: { keyword: 'alg' },
      }),
    );
    // One request for the whole word, not one per key.
    expect(sentBodies(fetchMock, 'POST /api/my-courses')).toHaveLength(2);
  });

  it('lets an administrator create a course and opens it', async () => {
    const user = userEvent.setup();
    const created = makeCourse({ id: 77, name: 'Operating Systems' });
    const { fetchMock, router } = setup(makeViewer({ org_role: 'admin', can_create_course: true }), {
      'POST /api/course': () => jsonResponse(created, 201),
    });
    await screen.findByText('Linear Algebra');

    await user.click(screen.getByRole('button', { name: /Create course/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Course name'));
    await user.paste('  Operating Systems ');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/course/77'));
    expect(sentBodies(fetchMock, 'POST /api/course')[0]).toMatchObject({
      name: 'Operating Systems',
      display_name: null,
      semester_id: null,
      compulsory: false,
    });
  });

  it('shows the server message when creating is refused', async () => {
    const user = userEvent.setup();
    // The server said yes when the page loaded, and refuses by the time the course is saved.
    setup(makeViewer({ can_create_course: true }), {
      'POST /api/course': () =>
        errorResponse(
          403,
          'forbidden',
          'Only administrators and instructors of a course can create courses.',
        ),
    });
    await screen.findByText('Linear Algebra');
    await user.click(screen.getByRole('tab', { name: 'Teaching' }));

    await user.click(await screen.findByRole('button', { name: /Create course/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Course name'));
    await user.paste('Physics');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    expect(
      await screen.findByText('Only administrators and instructors of a course can create courses.'),
    ).toBeTruthy();
  });

  it('explains an empty teaching list', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/user': () => jsonResponse(makeViewer()),
      'GET /api/todos': () => jsonResponse({ todo_list: [] }),
      'GET /api/my-semesters': () => jsonResponse({ semesters: [] }),
      'POST /api/my-courses': () => jsonResponse(page([])),
    });
    renderRoutes([{ path: '/user/courses', Component: MyCoursesPage }], '/user/courses');

    expect(await screen.findByText('You have not joined any courses yet')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Teaching' }));
    expect(await screen.findByText('You are not teaching any courses yet')).toBeTruthy();
    // Teaching nothing, a member may not create a course (the server refuses), so it is not offered.
    expect(screen.queryByRole('button', { name: /Create course/ })).toBeNull();
  });

  it('offers teachers their deleted courses and restores one', async () => {
    const user = userEvent.setup();
    const deletedAt = '2026-11-20T08:00:00.000Z';
    const { fetchMock } = setup(undefined, {
      'GET /api/recycle-bin/courses': () =>
        jsonResponse({
          items: [
            {
              id: 70,
              course_id: 9,
              type: 'course',
              item_id: 9,
              title: 'Old Compilers',
              activity_type: null,
              source: null,
              deleted_at: deletedAt,
              deleted_by: { id: 7, name: 'Li Wei' },
              expires_at: '2026-12-20T08:00:00.000Z',
            },
          ],
          retention_days: 30,
        }),
      'POST /api/recycle-bin/70/restore': () => jsonResponse({ message: 'Restored.' }),
    });

    await screen.findByRole('link', { name: 'Linear Algebra' });
    // Learners are not asked about deleted courses.
    expect(sentBodies(fetchMock, 'GET /api/recycle-bin/courses')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Teaching' }));
    await user.click(await screen.findByRole('button', { name: 'Deleted courses (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deleted courses')).toBeTruthy();
    expect(within(dialog).getByText('Old Compilers')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restore "Old Compilers"' }));

    expect(await screen.findByText('Restored.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/recycle-bin/70/restore')).toHaveLength(1);
  });

  it('lists a combined course a student reaches through a sub-course, among their learning', async () => {
    // The server answers it as the student's course (issue 18); the page shows it like any other.
    const combined = makeSummary({
      id: 30,
      display_name: 'Optics (combined)',
      course_code: null,
      course_type: 10,
      students_count: 60,
    });
    setup(makeViewer(), { 'POST /api/my-courses': () => jsonResponse(page([learning, combined])) });

    const link = await screen.findByRole('link', { name: 'Optics (combined)' });
    expect(link.getAttribute('href')).toBe('/course/30');
    const card = screen.getByRole('article', { name: 'Optics (combined)' });
    expect(within(card).getByText('Student')).toBeTruthy();
  });
});
