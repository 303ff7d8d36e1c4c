import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { HotTopic } from '@lectern/contracts/discussions/discussions.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeActivity, makeCourseWithWeeks } from '../test/fixtures.ts';
import { CourseContentPage } from './course-content-page.tsx';

function renderPage(course: Course, canEdit: boolean, hotTopics: HotTopic[] = []) {
  const fetchMock = mockApi({
    'GET /api/studio/5/hot-topics': () => jsonResponse({ hot_topics: hotTopics }),
    'GET /api/stat/courses/5/overview': () =>
      jsonResponse({
        course_id: 5,
        student_count: 30,
        active_students_last_7_days: 12,
        activity_count: 3,
        published_activity_count: 3,
        activities_by_type: [],
        average_completion_rate: 0.5,
        submissions_to_mark: 4,
        homework_to_mark: 4,
        exams_to_mark: 0,
        average_exam_score: null,
        exam_submission_count: 0,
        period: { start_date: null, end_date: null, total_days: null, elapsed_days: null, hand_ins: 9 },
      }),
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
    // The edit controls are a module of their own, fetched for people who may edit.
    expect(await within(intro).findByRole('button', { name: 'More actions for Intro page' })).toBeTruthy();
    const moduleList = within(week1).getAllByRole('list', { name: 'Activities' })[0]!;
    expect(
      within(moduleList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['First', 'Second']);
    expect(await within(moduleList).findByRole('button', { name: 'Edit First' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Week 2' })).getByText('No activities here yet'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add activity to Introduction' })).toBeTruthy();
    // The outline's activities in one request, the side card's topics and, for the teaching team, the
    // course's figures above the outline (both load just after).
    await waitFor(() =>
      expect(
        sentRequests(fetchMock)
          .map((call) => call.url)
          .sort(),
      ).toEqual(['/api/courses/5/activities', '/api/stat/courses/5/overview', '/api/studio/5/hot-topics']),
    );
    expect(await screen.findByRole('region', { name: 'Course statistics' })).toBeTruthy();
    expect(await screen.findByText('12 active in the last 7 days')).toBeTruthy();
    // No topics: no hot-topics card.
    expect(screen.queryByRole('region', { name: 'Hot topics' })).toBeNull();
  });

  it('shows no edit or add controls to someone viewing as a student', async () => {
    const fetchMock = renderPage(
      makeCourseWithWeeks({ can_manage: false, simulating: true, current_user_roles: ['student'] }),
      false,
    );

    expect(await screen.findByRole('link', { name: 'First' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit|Delete|More actions|Add activity/ })).toBeNull();
    // The course's figures are the teaching team's: not even asked for.
    expect(screen.queryByRole('region', { name: 'Course statistics' })).toBeNull();
    expect(sentRequests(fetchMock).map((call) => call.url)).not.toContain('/api/stat/courses/5/overview');
  });

  it("shows the course's hot forum topics beside the outline, each opening its thread", async () => {
    renderPage(makeCourseWithWeeks(), false, [
      {
        id: 70,
        title: 'Linked lists or arrays?',
        comments: 3,
        content: '<p>Which one for a queue?</p>',
        created_at: '2026-03-01T08:00:00.000Z',
        created_by: null,
        receiver: { id: 9, title: 'Forum' },
        reply_count: 2,
      },
    ]);

    const card = await screen.findByRole('region', { name: 'Hot topics' });
    expect(within(card).getByRole('link', { name: 'Linked lists or arrays?' }).getAttribute('href')).toBe(
      '/course/5/activity/9?topic=70',
    );
    expect(within(card).getByText('Replies: 3')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'First' })).toBeTruthy();
  });
});
