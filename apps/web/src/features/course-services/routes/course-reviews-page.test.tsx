import type {
  Estimate,
  EstimatesResponse,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CourseReviewsPage } from './course-reviews-page.tsx';

const COURSE_ID = 42;
const LIST = `GET /api/course-estimates/${COURSE_ID}`;

function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: 1,
    course_id: COURSE_ID,
    score: 4,
    content: 'Clear lectures',
    created_by: { id: 7, name: 'Ann', avatar_small_url: null },
    created_at: '2027-03-01T00:00:00.000Z',
    updated_at: '2027-03-01T00:00:00.000Z',
    reply_count: 0,
    can_edit: false,
    can_delete: false,
    ...overrides,
  };
}

function makeList(overrides: Partial<EstimatesResponse> = {}): EstimatesResponse {
  return {
    page: 1,
    page_size: 10,
    pages: 1,
    total: 1,
    estimates: [makeEstimate()],
    average_score: 4,
    score_counts: [0, 0, 0, 1, 0],
    my_estimate: null,
    can_create: true,
    ...overrides,
  };
}

function renderPage(course: Course, handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderRoutes(
    [
      {
        path: '/course/:courseId/reviews',
        element: (
          <CourseContext value={course}>
            <CourseReviewsPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/reviews`,
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseReviewsPage', { timeout: 120_000 }, () => {
  it('lets a student rate and review the course, sending stars and text', async () => {
    let list = makeList();
    const { fetchMock, user } = renderPage(makeCourse({ id: COURSE_ID, can_manage: false }), {
      [LIST]: () => jsonResponse(list),
      'POST /api/course-estimate': (body) => {
        const mine = makeEstimate({ id: 2, score: 5, content: 'Loved it', can_edit: true, can_delete: true });
        list = makeList({
          my_estimate: mine,
          can_create: false,
          estimates: [mine, makeEstimate()],
          total: 2,
        });
        return jsonResponse({ estimate: { ...mine, ...(body as object) } }, 201);
      },
    });
    expect(await screen.findByText('Clear lectures')).toBeTruthy();
    expect(screen.getByText('4 out of 5 from 1 reviews')).toBeTruthy();

    // Without stars the form says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Choose a rating')).toBeTruthy();

    const form = screen.getByRole('button', { name: 'Submit review' }).closest('form') as HTMLElement;
    const stars = within(form).getAllByRole('radio');
    await user.click(stars[4] as HTMLElement);
    await user.type(within(form).getByLabelText('Your review'), 'Loved it');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/course-estimate')).toEqual([
        { course_id: COURSE_ID, score: 5, content: 'Loved it' },
      ]),
    );
    expect(await screen.findByText('Your review', { selector: '.ant-card-head-title' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('shows the server’s field message under the field', async () => {
    const { user } = renderPage(makeCourse({ id: COURSE_ID, can_manage: false }), {
      [LIST]: () => jsonResponse(makeList()),
      'POST /api/course-estimate': () =>
        errorResponse(400, 'validation_failed', 'Check the form', { content: ['This text is too long.'] }),
    });
    const button = await screen.findByRole('button', { name: 'Submit review' });
    const form = button.closest('form') as HTMLElement;
    await user.click(within(form).getAllByRole('radio')[2] as HTMLElement);
    await user.type(within(form).getByLabelText('Your review'), 'x');
    await user.click(button);
    expect(await screen.findByText('This text is too long.')).toBeTruthy();
  });

  it('offers removal only where the server allows it, and removes', async () => {
    let list = makeList({ can_create: false, estimates: [makeEstimate({ can_delete: true })] });
    const { fetchMock, user } = renderPage(makeCourse({ id: COURSE_ID }), {
      [LIST]: () => jsonResponse(list),
      'PUT /api/course-estimate/1/delete': () => {
        list = makeList({ can_create: false, estimates: [], total: 0, average_score: null });
        return jsonResponse({ ok: true });
      },
    });
    await screen.findByText('Clear lectures');
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/delete'))).toBe(true));
    expect(await screen.findAllByText('No reviews yet')).toBeTruthy();
  });
});
