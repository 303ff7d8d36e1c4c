import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseLayout } from './course-layout.tsx';
import { useCurrentCourse } from './use-current-course.ts';

function ChildPage({ label }: { label: string }) {
  const course = useCurrentCourse();
  return <p>{`${label} of ${course.name}`}</p>;
}

function renderLayout(path = '/course/42') {
  return renderRoutes(
    [
      {
        path: '/course/:courseId',
        Component: CourseLayout,
        children: [
          { index: true, element: <ChildPage label="content" /> },
          { path: 'members', element: <ChildPage label="members" /> },
          { path: 'groups', element: <ChildPage label="groups" /> },
        ],
      },
      { path: '/user/courses', element: <p>my courses</p> },
    ],
    path,
  );
}

/** The server keeps the simulating state per session; this stands in for it. */
function serveCourse(initial: Course) {
  let course = initial;
  return mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    'GET /api/courses/42': () => jsonResponse(course),
    'POST /api/courses/42/simulate': (body) => {
      const simulating = (body as { simulating: boolean }).simulating;
      course = {
        ...course,
        simulating,
        can_manage: !simulating,
        current_user_roles: simulating ? ['student'] : ['instructor'],
      };
      return jsonResponse({ simulating_course_id: simulating ? 42 : null });
    },
    'DELETE /api/courses/42/preview': () => {
      course = { ...course, simulating: false, can_manage: true, current_user_roles: ['instructor'] };
      return jsonResponse({ simulating_course_id: null });
    },
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseLayout', () => {
  it('shows the course header and gives the child route the course', async () => {
    serveCourse(makeCourse());
    renderLayout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Data Structures (2025)' })).toBeTruthy();
    expect(screen.getByText('CS201')).toBeTruthy();
    expect(screen.getByText('2024-2025 Spring')).toBeTruthy();
    expect(screen.getByText('Li Wei')).toBeTruthy();
    expect(screen.getByText('content of Data Structures')).toBeTruthy();
  });

  it('links its sections and marks the one being read', async () => {
    const user = userEvent.setup();
    serveCourse(makeCourse());
    const { router } = renderLayout();

    const sections = within(await screen.findByRole('navigation', { name: 'Course sections' }));
    expect(sections.getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBe('page');
    await user.click(sections.getByRole('link', { name: 'Members' }));

    expect(await screen.findByText('members of Data Structures')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/42/members');
    expect(sections.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
    expect(sections.getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBeNull();
    expect(sections.queryByRole('tab')).toBeNull();
  });

  it('links the recycle bin for instructors only, not for assistants', async () => {
    serveCourse(makeCourse());
    const { unmount } = renderLayout();
    const sections = within(await screen.findByRole('navigation', { name: 'Course sections' }));
    expect(sections.getByRole('link', { name: 'Recycle bin' }).getAttribute('href')).toBe(
      '/course/42/recycle-bin',
    );
    unmount();

    serveCourse(
      makeCourse({ created_user: { id: 8, name: 'Zhao Min' }, current_user_roles: ['instructor_assistant'] }),
    );
    renderLayout();
    const assistantSections = within(await screen.findByRole('navigation', { name: 'Course sections' }));
    expect(assistantSections.getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(assistantSections.queryByRole('link', { name: 'Recycle bin' })).toBeNull();
  });

  it('links the public listing for those who manage the course only', async () => {
    serveCourse(makeCourse());
    const { unmount } = renderLayout();
    const sections = within(await screen.findByRole('navigation', { name: 'Course sections' }));
    expect(sections.getByRole('link', { name: 'Public listing' }).getAttribute('href')).toBe(
      '/course/42/public-listing',
    );
    unmount();

    serveCourse(makeCourse({ can_manage: false, current_user_roles: ['student'] }));
    renderLayout();
    const studentSections = within(await screen.findByRole('navigation', { name: 'Course sections' }));
    expect(studentSections.getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(studentSections.queryByRole('link', { name: 'Public listing' })).toBeNull();
    // The files shared to the course are every member's.
    expect(studentSections.getByRole('link', { name: 'Files' }).getAttribute('href')).toBe(
      '/course/42/shared-files',
    );
  });

  it('lets a manager of the teaching team view the course as a student', async () => {
    const user = userEvent.setup();
    const fetchMock = serveCourse(makeCourse());
    renderLayout();

    const toggle = await screen.findByRole('switch', { name: 'View as student' });
    expect(screen.getByRole('button', { name: /Edit course/ })).toBeTruthy();
    await user.click(toggle);

    expect(
      await screen.findByText('You are viewing this course as a student; changes are disabled.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/courses/42/simulate')).toEqual([{ simulating: true }]);
    expect(screen.queryByRole('button', { name: /Edit course/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'View as student' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows the banner while simulating and exits student view', async () => {
    const user = userEvent.setup();
    const fetchMock = serveCourse(
      makeCourse({ simulating: true, can_manage: false, current_user_roles: ['student'] }),
    );
    renderLayout();

    expect(
      await screen.findByText('You are viewing this course as a student; changes are disabled.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exit student view' }));

    await waitFor(() =>
      expect(
        screen.queryByText('You are viewing this course as a student; changes are disabled.'),
      ).toBeNull(),
    );
    // The banner ends the preview through its own call; the switch is not involved.
    const deletes = sentRequests(fetchMock).filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => new URL(r.url, 'http://localhost').pathname)).toEqual([
      '/api/courses/42/preview',
    ]);
    expect(sentBodies(fetchMock, 'POST /api/courses/42/simulate')).toEqual([]);
    expect(screen.getByRole('button', { name: /Edit course/ })).toBeTruthy();
  });

  it('offers students neither the switch nor editing', async () => {
    serveCourse(makeCourse({ can_manage: false, current_user_roles: ['student'] }));
    renderLayout();

    await screen.findByRole('heading', { level: 1, name: 'Data Structures (2025)' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit course/ })).toBeNull();
  });

  it('explains a course the user has no access to', async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(makeViewer()),
      'GET /api/courses/42': () => errorResponse(403, 'forbidden', 'You do not have permission to do this.'),
    });
    renderLayout();

    expect(await screen.findByText('No access to this course')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('explains a course that does not exist', async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(makeViewer()),
      'GET /api/courses/42': () => errorResponse(404, 'not_found', 'The requested item was not found.'),
    });
    renderLayout();

    expect(await screen.findByText('Course not found')).toBeTruthy();
  });
});
