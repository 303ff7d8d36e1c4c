import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeActivity, makeCourseWithWeeks } from '../test/fixtures.ts';
import { CourseContentPage } from './course-content-page.tsx';

function renderPage(course: Course, canEdit: boolean) {
  const fetchMock = mockApi({
    'GET /api/courses/5/activities': () =>
      jsonResponse({
        activities: [
          makeActivity({ id: 2, title: 'Second', sort: 2, can_edit: canEdit }),
          makeActivity({ id: 1, title: 'First', sort: 1, can_edit: canEdit }),
          makeActivity({ id: 3, title: 'Intro page', type: 'page', syllabus_id: 21, can_edit: canEdit }),
        ],
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

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseContentPage', () => {
  it('puts each activity in its section in order, with icons at module level and a menu in syllabi', async () => {
    const fetchMock = renderPage(makeCourseWithWeeks(), true);

    const week1 = await screen.findByRole('region', { name: 'Week 1' });
    const intro = within(week1).getByRole('region', { name: 'Introduction' });
    expect(within(intro).getByRole('link', { name: 'Intro page' })).toBeTruthy();
    expect(within(intro).getByRole('button', { name: 'More actions for Intro page' })).toBeTruthy();
    const moduleList = within(week1).getAllByRole('list', { name: 'Activities' })[0]!;
    expect(
      within(moduleList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['First', 'Second']);
    expect(within(moduleList).getByRole('button', { name: 'Edit First' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Week 2' })).getByText('No activities here yet'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add activity to Introduction' })).toBeTruthy();
    expect(sentRequests(fetchMock).map((call) => call.url)).toEqual(['/api/courses/5/activities']);
  });

  it('shows no edit or add controls to someone viewing as a student', async () => {
    renderPage(
      makeCourseWithWeeks({ can_manage: false, simulating: true, current_user_roles: ['student'] }),
      false,
    );

    expect(await screen.findByRole('link', { name: 'First' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit|Delete|More actions|Add activity/ })).toBeNull();
  });
});
