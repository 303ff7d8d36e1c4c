import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { activityFixture, courseFixture, jsonResponse, mockApi } from '../test/fixtures.ts';
import { ActivityPage } from './activity-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const student = courseFixture({ can_manage: false, current_user_roles: ['student'] });

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
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityPage', () => {
  it('shows the activity to a student and records the read once', async () => {
    const calls = mockApi(fetchMock, ({ method, url }) => {
      if (method === 'GET' && url === '/api/activities/101') {
        return jsonResponse(
          activityFixture({
            type: 'page',
            title: 'Welcome',
            can_edit: false,
            data: { content: '<p>Hello <strong>class</strong></p>' },
            completion_criterion_key: 'view',
            syllabus_id: 21,
            syllabus_summary: 'Introduction',
          }),
        );
      }
      if (method === 'POST' && url === '/api/course/activities-read/101') {
        return jsonResponse({ activity_id: 101, read_count: 1, recorded: true });
      }
      return undefined;
    });
    renderPage(student);

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('class').tagName).toBe('STRONG');
    expect(screen.getByText('Viewed')).toBeTruthy();
    expect(screen.getByText('Week 1 / Introduction')).toBeTruthy();
    expect(screen.getByText('From 2026-03-01 08:00, no deadline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/course/activities-read/101',
      ]),
    );
  });

  it('records nothing for the teaching team, who get edit and delete', async () => {
    const calls = mockApi(fetchMock, ({ method, url }) =>
      method === 'GET' && url === '/api/activities/101'
        ? jsonResponse(
            activityFixture({
              type: 'homework',
              completion_criterion_key: 'score',
              completion_criterion_value: 60,
            }),
          )
        : undefined,
    );
    renderPage(courseFixture());

    expect(await screen.findByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(screen.getByText('Score reached: 60')).toBeTruthy();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('offers a way back to the course when the activity does not exist', async () => {
    mockApi(fetchMock, () =>
      jsonResponse(
        { code: 'not_found', message: 'This activity does not exist or has been deleted.', errors: {} },
        404,
      ),
    );
    renderPage(student);

    expect(await screen.findByText('Activity not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the course' }).getAttribute('href')).toBe('/course/5');
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
