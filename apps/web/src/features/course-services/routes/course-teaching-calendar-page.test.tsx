import type { TeachingEntry } from '@lectern/contracts/course-services/teaching-calendar.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CourseTeachingCalendarPage } from './course-teaching-calendar-page.tsx';

const COURSE_ID = 42;

const entry: TeachingEntry = {
  id: 1,
  teachingWeekId: 9,
  type: 'experiment',
  content: 'Prisms',
  hours: 2,
  instructor: 'Dr. Lee',
  location: 'Lab 3',
  teachingDate: '2027-03-02',
  teachingTime: '1-2',
  timeRange: '08:00-09:40',
  teachingWeek: { id: 9, sequence: 1, name: 'Week 1' },
  course: { id: COURSE_ID, name: 'Optics', display_name: null },
};

function renderPage(course: Course) {
  mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    [`GET /api/course/${COURSE_ID}/teaching-calendars`]: () => jsonResponse({ teaching_calendars: [entry] }),
    'GET /api/org/1/teaching-weeks': () =>
      jsonResponse({
        teaching_weeks: [
          {
            id: 9,
            sequence: 1,
            name: 'Week 1',
            semester_id: 3,
            start_date: '2027-03-01',
            end_date: '2027-03-07',
          },
        ],
      }),
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId/teaching-calendar',
        element: (
          <CourseContext value={course}>
            <CourseTeachingCalendarPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/teaching-calendar`,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseTeachingCalendarPage', { timeout: 120_000 }, () => {
  it('shows students the schedule without editing', async () => {
    renderPage(makeCourse({ id: COURSE_ID, can_manage: false, semester_id: 3 }));
    expect(await screen.findByText('Prisms')).toBeTruthy();
    // The kind reads as its name in the caller's language, in the table or on a phone's card.
    expect(screen.getAllByText(/^Lab( ·|$)/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('gives the teaching team add, edit and delete', async () => {
    renderPage(makeCourse({ id: COURSE_ID, semester_id: 3 }));
    expect(await screen.findByText('Prisms')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add entry' })).toBeTruthy();
  });
});
