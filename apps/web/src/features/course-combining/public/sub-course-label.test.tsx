import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { SubCourseLabel } from './sub-course-label.tsx';

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

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  mockApi({
    'GET /api/courses/5/sub-courses': () =>
      jsonResponse({
        combined: true,
        sub_courses: [sub(1, 'MATH-A'), sub(2, 'MATHEMATICS-B'), sub(3, 'C'), sub(4, 'D')],
        activity_assignments: [{ activity_id: 7, sub_course_ids: [1, 2, 3, 4] }],
      }),
  });
});

describe('SubCourseLabel', () => {
  it('shows two codes, the long one abbreviated, and the rest as +N to the teaching team', async () => {
    renderRoutes([{ path: '/', element: <SubCourseLabel courseId={5} activityId={7} teaching /> }], '/');
    expect(await screen.findByText('MATH-A MATHEMAT… +2')).toBeTruthy();
  });

  it('shows nothing to students', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <SubCourseLabel courseId={5} activityId={7} teaching={false} />
              <p>ready</p>
            </>
          ),
        },
      ],
      '/',
    );
    await screen.findByText('ready');
    expect(screen.queryByText(/MATH-A/)).toBeNull();
  });
});
