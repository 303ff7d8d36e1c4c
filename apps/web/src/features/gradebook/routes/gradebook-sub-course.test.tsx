import type { CourseSubCoursesResponse } from '@lectern/contracts/course-combining/course-combining.schemas';
import type { GradebookResponse } from '@lectern/contracts/gradebook/gradebook.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { GradebookPage } from './gradebook-page.tsx';

const COURSE_ID = 42;
const GRADEBOOK = `GET /api/courses/${COURSE_ID}/gradebook`;

function book(names: string[]): GradebookResponse {
  return {
    view: 'all',
    items: [
      {
        id: 1,
        title: 'Midterm',
        type: 'exam',
        weight: 1,
        published: true,
        activity_published: true,
        max_score: 50,
        end_time: null,
      },
    ],
    rows: names.map((name, i) => ({
      student: { id: i + 1, name, user_no: `S${i + 1}` },
      scores: [{ activity_id: 1, score: 40 }],
      total: 80,
    })),
  };
}

const subCourse = (id: number, name: string, code: string) => ({
  id,
  name,
  display_name: name,
  course_code: code,
  students_count: 1,
  instructors: [],
  merged: false,
  inspected: false,
});

const SUB_COURSES: CourseSubCoursesResponse = {
  combined: true,
  sub_courses: [subCourse(7, 'Optics A', 'OPT-A'), subCourse(8, 'Optics B', 'OPT-B')],
  activity_assignments: [],
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('GradebookPage of a combined course', () => {
  it('splits the table and its export by sub-course', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [GRADEBOOK]: (_body, url) =>
        jsonResponse(book(url.searchParams.get('sub_course_id') === '8' ? ['Ben'] : ['Ann', 'Ben'])),
      [`GET /api/courses/${COURSE_ID}/sub-courses`]: () => jsonResponse(SUB_COURSES),
    });
    renderRoutes(
      [
        {
          path: '/course/:courseId/grades',
          element: (
            <CourseContext value={makeCourse({ id: COURSE_ID, course_type: 10 })}>
              <GradebookPage />
            </CourseContext>
          ),
        },
      ],
      `/course/${COURSE_ID}/grades`,
    );
    expect(await screen.findByText('Ann')).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'Sub-course' }));
    await user.click(await screen.findByTitle('Optics B (OPT-B)'));
    await waitFor(() => expect(screen.queryByText('Ann')).toBeNull());
    expect(screen.getByText('Ben')).toBeTruthy();
    expect(sentRequests(fetchMock).map((r) => r.url)).toContain(
      `/api/courses/${COURSE_ID}/gradebook?sub_course_id=8`,
    );
    expect(screen.getByText('Export CSV').closest('a')?.getAttribute('href')).toBe(
      `/api/courses/${COURSE_ID}/gradebook/export?format=csv&sub_course_id=8`,
    );
  });

  it('offers no split for an ordinary course', async () => {
    mockApi({ [GRADEBOOK]: () => jsonResponse(book(['Ann'])) });
    renderRoutes(
      [
        {
          path: '/course/:courseId/grades',
          element: (
            <CourseContext value={makeCourse({ id: COURSE_ID })}>
              <GradebookPage />
            </CourseContext>
          ),
        },
      ],
      `/course/${COURSE_ID}/grades`,
    );
    expect(await screen.findByText('Ann')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sub-course' })).toBeNull();
  });
});
