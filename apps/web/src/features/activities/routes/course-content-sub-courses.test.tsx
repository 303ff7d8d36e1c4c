import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeActivity, makeCourseWithWeeks } from '../test/fixtures.ts';
import { CourseContentPage } from './course-content-page.tsx';

// The course content page of a combined course (spec 001: /course/{courseId}/content shows the
// activities' sub-course labels, in the instructor view only).

const sub = (id: number, code: string) => ({
  id,
  name: code,
  display_name: code,
  course_code: code,
  students_count: 1,
  instructors: [],
  merged: false,
  inspected: false,
});

function renderPage(course: Course) {
  const fetchMock = mockApi({
    'GET /api/studio/5/hot-topics': () => jsonResponse({ hot_topics: [] }),
    'GET /api/courses/5/activities': () =>
      jsonResponse({
        activities: [
          makeActivity({ id: 1, title: 'For everyone', sort: 1 }),
          makeActivity({ id: 2, title: 'For some', sort: 2 }),
        ],
      }),
    'GET /api/courses/5/sub-courses': () =>
      jsonResponse({
        combined: true,
        sub_courses: [sub(7, 'OPT-A'), sub(8, 'OPTICS-GROUP-B'), sub(9, 'OPT-C')],
        activity_assignments: [{ activity_id: 2, sub_course_ids: [7, 8, 9] }],
      }),
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId',
        element: (
          <CourseContext value={course}>
            <CourseContentPage />
          </CourseContext>
        ),
      },
    ],
    '/course/5',
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  sentRequests(fetchMock).filter((r) => r.url.includes('/sub-courses'));

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseContentPage of a combined course', () => {
  it('labels an activity assigned to some sub-courses with their codes for the teaching team', async () => {
    renderPage(makeCourseWithWeeks({ course_type: 10, current_user_roles: ['instructor'] }));
    const label = await screen.findByText('OPT-A OPTICS-G… +1');
    const row = label.closest('.activity-list-item') as HTMLElement;
    expect(row.getAttribute('data-activity-id')).toBe('2');
    expect(screen.getByLabelText('Only for OPT-A, OPTICS-GROUP-B, OPT-C')).toBeTruthy();
    // The activity for every sub-course carries no label.
    const everyone = screen.getByText('For everyone').closest('.activity-list-item') as HTMLElement;
    expect(everyone.textContent).not.toContain('OPT');
  });

  it('shows no label, and asks nothing, to students', async () => {
    const asStudent = renderPage(
      makeCourseWithWeeks({ course_type: 10, current_user_roles: ['student'], can_manage: false }),
    );
    expect(await screen.findByText('For some')).toBeTruthy();
    expect(calls(asStudent)).toEqual([]);
    expect(screen.queryByText(/OPT-A/)).toBeNull();
  });

  it('asks nothing on an ordinary course', async () => {
    const ordinary = renderPage(makeCourseWithWeeks({ current_user_roles: ['instructor'] }));
    expect(await screen.findByText('For some')).toBeTruthy();
    expect(calls(ordinary)).toEqual([]);
  });
});
