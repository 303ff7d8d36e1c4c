import type { SearchHit } from '@lectern/contracts/search/search.schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { GlobalSearch } from './global-search.tsx';

const HITS: SearchHit[] = [
  {
    kind: 'course',
    id: 4,
    title: 'Linear Algebra',
    course_id: 4,
    course_name: 'Linear Algebra',
    course_code: 'MATH-201',
    activity_type: null,
    published: true,
  },
  {
    kind: 'activity',
    id: 17,
    title: 'Algebra homework 1',
    course_id: 4,
    course_name: 'Linear Algebra',
    course_code: 'MATH-201',
    activity_type: 'homework',
    published: true,
  },
  {
    kind: 'activity',
    id: 18,
    title: 'Algebra exam',
    course_id: 4,
    course_name: 'Linear Algebra',
    course_code: 'MATH-201',
    activity_type: 'exam',
    published: false,
  },
];

function renderSearch() {
  const fetchMock = mockApi({
    'GET /api/search': (_body, url) =>
      jsonResponse({
        items: url.searchParams.get('keyword') === 'alg' ? HITS : [],
        page: 1,
        page_size: 10,
        pages: 1,
        total: url.searchParams.get('keyword') === 'alg' ? HITS.length : 0,
      }),
  });
  const view = renderRoutes(
    [
      { path: '/user/courses', element: <GlobalSearch /> },
      { path: '/course/:courseId', element: <p>Course page</p> },
      { path: '/course/:courseId/activity/:activityId', element: <p>Activity page</p> },
    ],
    '/user/courses',
  );
  return { ...view, fetchMock };
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('GlobalSearch', () => {
  it('finds courses and activities and opens one from the keyboard', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderSearch();
    const box = screen.getByRole('combobox', { name: '搜索课程和活动' });
    await user.click(box);
    await user.keyboard('alg');

    // Grouped, courses first; drafts are marked for the teachers who see them.
    expect(await screen.findByText('课程')).toBeTruthy();
    expect(screen.getByText('活动')).toBeTruthy();
    expect(screen.getByText('Linear Algebra · 未发布')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Algebra homework 1（Linear Algebra）' })).toBeTruthy();
    const query = new URL(sentRequests(fetchMock).at(-1)?.url ?? '', 'http://localhost').searchParams;
    expect(query.get('keyword')).toBe('alg');

    // rc-select reads `which`, which user-event leaves at 0 in jsdom (browsers set it): keys go by hand.
    const press = (key: string, which: number) =>
      fireEvent.keyDown(box, { key, code: key, keyCode: which, which });
    // The first hit is active from the start; one step down is the first activity.
    press('ArrowDown', 40);
    press('Enter', 13);
    expect(await screen.findByText('Activity page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/4/activity/17');
  });

  it('opens a course', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch();
    await user.click(screen.getByRole('combobox', { name: '搜索课程和活动' }));
    await user.keyboard('alg');
    await user.click(await screen.findByText('MATH-201'));
    expect(await screen.findByText('Course page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/4');
  });

  it('says when nothing matches, and asks nothing for blank input', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSearch();
    await user.click(screen.getByRole('combobox', { name: '搜索课程和活动' }));
    await user.keyboard('   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sentRequests(fetchMock)).toEqual([]);

    await user.keyboard('zzz');
    // Said in the box and announced; no empty list opens (it would point screen readers at nothing).
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('没有匹配的结果'));
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(sentRequests(fetchMock)).toHaveLength(1));
  });
});
