import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeActivity, makeCourseWithWeeks } from '../test/fixtures.ts';
import { ActivityPage } from './activity-page.tsx';

const student = makeCourseWithWeeks({ can_manage: false, current_user_roles: ['student'] });

function renderPage(course: Course, path = '/course/5/activity/101') {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: (
          <CourseContext value={course}>
            <ActivityPage />
          </CourseContext>
        ),
      },
      { path: '/course/:courseId', element: <p>course page</p> },
    ],
    path,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ActivityPage', () => {
  it('shows the activity to a student and records the read once', async () => {
    const fetchMock = mockApi({
      'GET /api/activities/101': () =>
        jsonResponse(
          makeActivity({
            type: 'page',
            title: 'Welcome',
            can_edit: false,
            data: { content: '<p>Hello <strong>class</strong></p>' },
            completion_criterion_key: 'view',
            syllabus_id: 21,
            syllabus_summary: 'Introduction',
          }),
        ),
      'POST /api/course/activities-read/101': () =>
        jsonResponse({ activity_id: 101, read_count: 1, recorded: true }),
    });
    renderPage(student);

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('class').tagName).toBe('STRONG');
    expect(screen.getByText('Viewed')).toBeTruthy();
    expect(screen.getByText('Week 1 / Introduction')).toBeTruthy();
    expect(screen.getByText('From 2026-03-01 08:00:00, no deadline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    await waitFor(() =>
      expect(
        sentRequests(fetchMock)
          .filter((call) => call.method === 'POST')
          .map((call) => call.url),
      ).toEqual(['/api/course/activities-read/101']),
    );
  });

  it('records nothing for the teaching team, who get edit and delete', async () => {
    const fetchMock = mockApi({
      'GET /api/activities/101': () =>
        jsonResponse(
          makeActivity({
            type: 'homework',
            completion_criterion_key: 'score',
            completion_criterion_value: 60,
          }),
        ),
    });
    renderPage(makeCourseWithWeeks());

    // Named by their words alone: the icons' own (English) names are hidden from assistive technology.
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByText('Score reached: 60')).toBeTruthy();
    expect(sentRequests(fetchMock).every((call) => call.method === 'GET')).toBe(true);
  });

  it('offers no edit once a trial teaching has started, and edit before', async () => {
    const trial = (start: number) =>
      makeActivity({
        type: 'trial_teaching',
        start_time: new Date(Date.now() + start).toISOString(),
        end_time: new Date(Date.now() + start + 3_600_000).toISOString(),
        data: { teaching_model: 'offline', location: 'Room 101', member_count: 3 },
      });
    // The trial teaching's own body (loaded lazily) asks for the meeting's state and comments.
    const body = {
      'GET /api/activities/101/meeting': () => errorResponse(404, 'not_found', 'Not here.'),
      'GET /api/activities/101/comments': () => errorResponse(404, 'not_found', 'Not here.'),
    };
    mockApi({ 'GET /api/activities/101': () => jsonResponse(trial(-60_000)), ...body });
    const started = renderPage(makeCourseWithWeeks());
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // Waited for, so the lazy body's modules have loaded before the test ends.
    expect(await screen.findByText('Room 101')).toBeTruthy();
    started.unmount();

    mockApi({ 'GET /api/activities/101': () => jsonResponse(trial(3_600_000)), ...body });
    renderPage(makeCourseWithWeeks());
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(await screen.findByText('Room 101')).toBeTruthy();
  });

  it('offers a way back to the course when the activity does not exist', async () => {
    const fetchMock = mockApi({
      'GET /api/activities/101': () =>
        errorResponse(404, 'not_found', 'This activity does not exist or has been deleted.'),
    });
    renderPage(student);

    expect(await screen.findByText('Activity not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the course' }).getAttribute('href')).toBe('/course/5');
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
