import type { HotTopic } from '@lectern/contracts/discussions/discussions.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { hotTopicsQueryKey } from '../api/list-hot-topics.ts';
import { makeAuthor } from '../test/fixtures.ts';
import { HotTopics } from './hot-topics.tsx';

const COURSE_ID = 42;
const HOT_TOPICS = `GET /api/studio/${COURSE_ID}/hot-topics`;

function makeHotTopic(overrides: Partial<HotTopic> = {}): HotTopic {
  return {
    id: 50,
    title: 'Exam preparation',
    comments: 7,
    content: '<p>Which chapters matter most?</p>',
    created_at: '2026-03-01T08:00:00.000Z',
    created_by: makeAuthor({ name: 'Wang Fang' }),
    receiver: { id: 5, title: 'Course forum' },
    reply_count: 4,
    ...overrides,
  };
}

/** The card on a course page, and the forum page its links lead to (which shows the address it got). */
function renderCard() {
  return renderRoutes(
    [
      { path: '/course/:courseId', element: <HotTopics courseId={COURSE_ID} /> },
      {
        path: '/course/:courseId/activity/:activityId',
        Component: function ForumStandIn() {
          const location = useLocation();
          return <p>{`forum page ${location.pathname}${location.search}`}</p>;
        },
      },
    ],
    `/course/${COURSE_ID}`,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('HotTopics', () => {
  it('lists each topic with its replies, forum, author and time, anonymous ones without a name', async () => {
    const fetchMock = mockApi({
      [HOT_TOPICS]: () =>
        jsonResponse({
          hot_topics: [
            makeHotTopic(),
            makeHotTopic({
              id: 51,
              title: 'Can the deadline move?',
              comments: 0,
              reply_count: 0,
              created_by: null,
              created_at: '2026-03-02T09:15:00.000Z',
              receiver: { id: 6, title: 'Homework questions' },
            }),
          ],
        }),
    });
    renderCard();

    const card = await screen.findByRole('region', { name: 'Hot topics' });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Exam preparation' })).toBeTruthy();
    // The whole thread counts, not only the direct answers (comments 7, reply_count 4).
    expect(within(first!).getByText('Replies: 7')).toBeTruthy();
    expect(within(first!).getByText('In Course forum')).toBeTruthy();
    expect(within(first!).getByText(/Wang Fang/)).toBeTruthy();
    expect(within(first!).getByText('2026-03-01 08:00:00')).toBeTruthy();

    expect(within(second!).getByRole('link', { name: 'Can the deadline move?' })).toBeTruthy();
    expect(within(second!).getByText('Replies: 0')).toBeTruthy();
    expect(within(second!).getByText('In Homework questions')).toBeTruthy();
    expect(within(second!).getByText(/Anonymous/)).toBeTruthy();
    expect(within(second!).queryByText(/Wang Fang/)).toBeNull();
    expect(sentRequests(fetchMock).map((request) => request.url)).toEqual([
      `/api/studio/${COURSE_ID}/hot-topics`,
    ]);
  });

  it('opens the topic in its forum, with the topic in the address the forum page reads', async () => {
    mockApi({ [HOT_TOPICS]: () => jsonResponse({ hot_topics: [makeHotTopic()] }) });
    renderCard();

    const link = await screen.findByRole('link', { name: 'Exam preparation' });
    expect(link.getAttribute('href')).toBe(`/course/${COURSE_ID}/activity/5?topic=50`);
    await userEvent.setup().click(link);

    expect(await screen.findByText(`forum page /course/${COURSE_ID}/activity/5?topic=50`)).toBeTruthy();
  });

  it('takes no room when the course has no topics', async () => {
    mockApi({ [HOT_TOPICS]: () => jsonResponse({ hot_topics: [] }) });
    const { container, queryClient } = renderCard();

    await waitFor(() =>
      expect(queryClient.getQueryState(hotTopicsQueryKey(COURSE_ID))?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Hot topics' })).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('stays out of the way when the topics cannot be loaded', async () => {
    mockApi({ [HOT_TOPICS]: () => errorResponse(403, 'forbidden', 'Not a member') });
    const { container, queryClient } = renderCard();

    await waitFor(() =>
      expect(queryClient.getQueryState(hotTopicsQueryKey(COURSE_ID))?.status).toBe('error'),
    );
    expect(screen.queryByRole('region', { name: 'Hot topics' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
