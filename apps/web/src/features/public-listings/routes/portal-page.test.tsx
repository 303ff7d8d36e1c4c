import type { PublicCourseCard } from '@lectern/contracts/public-listings/public-listings.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PortalPage } from './portal-page.tsx';

function card(overrides: Partial<PublicCourseCard> = {}): PublicCourseCard {
  return {
    id: 7,
    name: 'Algebra',
    display_name: 'Linear Algebra',
    cover: null,
    small_cover: null,
    classification_id: 3,
    knowledge_node_count: 0,
    activity_count: 5,
    student_count: 40,
    module_count: 2,
    syllabus_count: 4,
    chapter_count: 6,
    public_scope: 'public',
    paid: true,
    sign_up_charge_amount: '9.90',
    certification_title: 'Algebra certificate',
    instructors: [{ id: 1, name: 'Ada Lovelace', avatar_small_url: null }],
    start_date: null,
    end_date: null,
    is_started: true,
    air: true,
    ...overrides,
  };
}

const page = (courses: PublicCourseCard[]) => ({
  page: 1,
  page_size: 12,
  pages: 1,
  total: courses.length,
  courses,
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the public portal', () => {
  it(
    'shows course cards with their flags and sends the search and filters',
    { timeout: 60_000 },
    async () => {
      const queries: URLSearchParams[] = [];
      mockApi({
        'GET /api/portal-logo': () => jsonResponse({ url: null }),
        'GET /api/course-classifications': () =>
          jsonResponse({ classifications: [{ id: 3, name: 'Mathematics', sort: 1 }] }),
        'GET /api/courses/public/stats': () => jsonResponse({ course_count: 1, student_count: 40 }),
        'GET /api/curriculums': () =>
          jsonResponse({ page: 1, page_size: 12, pages: 1, total: 0, curriculums: [] }),
        'GET /api/courses/public': (_body, url) => {
          queries.push(url.searchParams);
          return jsonResponse(url.searchParams.get('keyword') === 'none' ? page([]) : page([card()]));
        },
      });
      const user = userEvent.setup({ delay: null });
      renderRoutes([{ path: '/portal', element: <PortalPage /> }], '/portal');

      const link = await screen.findByRole('link', { name: 'Linear Algebra' }, { timeout: 15_000 });
      expect(link.getAttribute('href')).toBe('/portal/course/7');
      expect(screen.getByText('Ada Lovelace')).toBeTruthy();
      expect(screen.getByText('Paid')).toBeTruthy();
      expect(screen.getByText('Air classroom')).toBeTruthy();
      expect(screen.getByText('Certificate: Algebra certificate')).toBeTruthy();
      expect(screen.getByText(/6 chapters · 5 activities · 40 learners/)).toBeTruthy();

      await user.click(screen.getByRole('radio', { name: 'Not started' }));
      await waitFor(() => expect(queries.at(-1)?.get('is_started')).toBe('false'));

      await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'none{Enter}');
      await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('none'));
      expect(await screen.findByText('No public course matches.')).toBeTruthy();
      expect(queries.at(-1)?.get('page')).toBe('1');
    },
  );
});
