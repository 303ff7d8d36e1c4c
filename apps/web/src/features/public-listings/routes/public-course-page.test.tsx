import type { RegistrationStateResponse } from '@lectern/contracts/course-services/course-registration.schemas';
import type { PublicCourseDetail } from '@lectern/contracts/public-listings/public-listings.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentRequests,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PublicCoursePage } from './public-course-page.tsx';

const course: PublicCourseDetail = {
  id: 7,
  name: 'Algebra',
  display_name: 'Linear Algebra',
  cover: null,
  small_cover: null,
  classification_id: null,
  knowledge_node_count: 0,
  activity_count: 1,
  student_count: 3,
  module_count: 1,
  syllabus_count: 0,
  chapter_count: 1,
  public_scope: 'public',
  paid: false,
  sign_up_charge_amount: null,
  certification_title: null,
  instructors: [{ id: 1, name: 'Ada Lovelace', avatar_small_url: null }],
  start_date: null,
  end_date: null,
  is_started: true,
  air: false,
  second_name: null,
  course_code: 'MATH101',
  credit: null,
  classroom_schedule: null,
  modules: [{ id: 11, name: 'Vectors', sort: 1, syllabuses: [] }],
};

function registration(
  state: RegistrationStateResponse['registration_state'],
  settings: Partial<RegistrationStateResponse['settings']> = {},
): RegistrationStateResponse {
  return {
    course_id: 7,
    registration_state: state,
    can_join: state === 'open',
    settings: { enabled: true, start_time: null, end_time: null, capacity: null, ...settings },
    student_count: 3,
  };
}

function page(routes: ApiRoutes) {
  const fetchMock = mockApi({
    'GET /api/portal-logo': () => jsonResponse({ url: null }),
    'GET /anonymous-api/courses/7': () => jsonResponse(course),
    'GET /anonymous-api/courses/7/catalog-activities': () =>
      jsonResponse({
        activities: [
          {
            id: 70,
            title: 'Dot products',
            type: 'material',
            module_id: 11,
            syllabus_id: null,
            start_time: null,
            end_time: null,
          },
        ],
      }),
    'GET /anonymous-api/course-estimates/7': () =>
      jsonResponse({
        page: 1,
        page_size: 5,
        pages: 1,
        total: 1,
        estimates: [
          {
            id: 1,
            course_id: 7,
            score: 4,
            content: 'Clear and well paced',
            created_by: { id: 3, name: 'Ann', avatar_small_url: null },
            created_at: '2027-03-01T00:00:00.000Z',
            updated_at: '2027-03-01T00:00:00.000Z',
            reply_count: 0,
            can_edit: false,
            can_delete: false,
          },
        ],
        average_score: 4,
        score_counts: [0, 0, 0, 1, 0],
        my_estimate: null,
        can_create: false,
      }),
    'GET /anonymous-api/courses/7/extension-apps': () =>
      jsonResponse({
        extension_apps: [
          {
            id: 5,
            course_id: 7,
            name: 'Vector playground',
            url: 'https://vectors.example.org',
            icon_url: null,
            visible_to_students: true,
            created_at: '2027-03-01T00:00:00.000Z',
            updated_at: '2027-03-01T00:00:00.000Z',
          },
        ],
        can_manage: false,
      }),
    'GET /anonymous-api/courses/7/video': () => jsonResponse({ video: null }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/portal/course/:id', element: <PublicCoursePage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/course/:courseId', element: <p>course page</p> },
    ],
    '/portal/course/7',
  );
  return { fetchMock, ...view };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('joining from a public course page', () => {
  it('sends a visitor to sign in and back to this page', { timeout: 30_000 }, async () => {
    const { router } = page({
      'GET /api/user': () => errorResponse(401, 'unauthenticated', 'Sign in first'),
      'GET /anonymous-api/course/7/registration-state': () => jsonResponse(registration('open')),
    });
    const user = userEvent.setup({ delay: null });
    // The visitor reads the course's reviews too.
    expect(await screen.findByText('Clear and well paced', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('4.0 out of 5 from 1 reviews')).toBeTruthy();
    // And the apps the course links, as a visitor may see them.
    const app = await screen.findByRole('link', { name: 'Vector playground' });
    expect(app.getAttribute('href')).toBe('https://vectors.example.org');
    await user.click(await screen.findByRole('button', { name: 'Sign in to join' }, { timeout: 15_000 }));
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/portal/course/7')}`);
  });

  it('lets a signed-in user join an open course and takes them into it', { timeout: 30_000 }, async () => {
    const { fetchMock, router } = page({
      'GET /api/user': () => jsonResponse(makeViewer()),
      'GET /api/course/7/registration-state': () => jsonResponse(registration('open')),
      'GET /api/course/7/join': () => jsonResponse(registration('member')),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Join course' }, { timeout: 15_000 }));
    await screen.findByText('course page');
    expect(router.state.location.pathname).toBe('/course/7');
    expect(sentRequests(fetchMock).filter((r) => r.url.endsWith('/api/course/7/join'))).toHaveLength(1);
    expect(sentRequests(fetchMock).some((r) => r.url.includes('/anonymous-api/course/7/registration'))).toBe(
      false,
    );
  });

  it('shows a refusal from the server and reads the state again', { timeout: 30_000 }, async () => {
    let full = false;
    page({
      'GET /api/user': () => jsonResponse(makeViewer()),
      'GET /api/course/7/registration-state': () =>
        jsonResponse(registration(full ? 'full' : 'open', { capacity: 3 })),
      'GET /api/course/7/join': () => {
        full = true;
        return errorResponse(409, 'conflict', 'This course is full.');
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Join course' }, { timeout: 15_000 }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Join course' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getAllByText('This course is full.').length).toBeGreaterThan(0);
  });

  it(
    'offers a member the way in, and says why a closed course cannot be joined',
    { timeout: 30_000 },
    async () => {
      let state = registration('member');
      const { unmount } = page({
        'GET /api/user': () => jsonResponse(makeViewer()),
        'GET /api/course/7/registration-state': () => jsonResponse(state),
      });
      expect(await screen.findByRole('button', { name: 'Go to course' }, { timeout: 15_000 })).toBeTruthy();
      unmount();

      state = registration('not_started', { start_time: '2030-03-01T01:00:00.000Z' });
      page({
        'GET /api/user': () => jsonResponse(makeViewer()),
        'GET /api/course/7/registration-state': () => jsonResponse(state),
      });
      const join = await screen.findByRole('button', { name: 'Join course' }, { timeout: 15_000 });
      await waitFor(() => expect(join.hasAttribute('disabled')).toBe(true));
      expect(screen.getByText(/^Joining opens at 2030-03-01/)).toBeTruthy();
    },
  );
});

describe('the promotion video on a public course page', () => {
  it('plays the course video in the browser’s own player, under its label', async () => {
    page({
      'GET /api/user': () => errorResponse(401, 'unauthenticated', 'Sign in first'),
      'GET /anonymous-api/course/7/registration-state': () => jsonResponse(registration('open')),
      'GET /anonymous-api/courses/7/video': (_body, url) => {
        expect(url.searchParams.get('type')).toBe('promotion_video');
        return jsonResponse({
          video: {
            type: 'promotion_video',
            upload_id: 5,
            name: 'trailer.mp4',
            url: '/anonymous-api/courses/7/video/blob?type=promotion_video',
            mime_type: 'video/mp4',
            size: 1024,
            duration: 30,
            cover_url: 'https://img.test/cover.png',
          },
        });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Promotion video' }, { timeout: 15_000 })).toBeTruthy();
    const player = screen.getByLabelText('Promotion video of Linear Algebra');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/anonymous-api/courses/7/video/blob?type=promotion_video');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('poster')).toBe('https://img.test/cover.png');
  });

  it('shows nothing of a video when the course has none', async () => {
    page({
      'GET /api/user': () => errorResponse(401, 'unauthenticated', 'Sign in first'),
      'GET /anonymous-api/course/7/registration-state': () => jsonResponse(registration('open')),
    });
    expect(await screen.findByText('Vector playground', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Promotion video' })).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });
});
