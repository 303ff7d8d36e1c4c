import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import {
  ACTIVITY_ID,
  makeComment,
  makeForumActivity,
  makeReply,
  makeStudentCourse,
  makeTopic,
} from '../test/fixtures.ts';
import { fillRichText, preloadRichTextEditor } from '../../../test/rich-text.ts';
import { renderInCourse } from '../test/render-in-course.tsx';
import { ForumBoard } from './forum-board.tsx';

const TOPICS = `GET /api/activities/${ACTIVITY_ID}/topics`;

function mockForum(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [TOPICS]: () =>
      jsonResponse({
        topics: [
          makeTopic(),
          makeTopic({
            id: 51,
            title: 'Anonymous worries',
            anonymous: true,
            created_by: null,
            reply_count: 0,
            last_replied_at: null,
          }),
        ],
        total: 2,
        pages: 1,
      }),
    'GET /api/topics/50': () =>
      jsonResponse({
        topic: makeTopic(),
        replies: [
          makeReply({ id: 200, comment_id: 50, content: '<p>Chapters 3 and 4</p>' }),
          makeReply({ id: 201, comment_id: 50, content: '<p>And the heap exercises</p>' }),
        ],
        replies_total: 2,
      }),
    ...extra,
  });
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ForumBoard', () => {
  it('lists topics with title, excerpt, author, replies and last activity', async () => {
    const fetchMock = mockForum();
    renderInCourse(<ForumBoard activity={makeForumActivity()} />);

    const list = await screen.findByRole('list', { name: 'Topics' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Exam preparation')).toBeTruthy();
    expect(within(first!).getByText('Which chapters matter most for the exam?')).toBeTruthy();
    expect(within(first!).getByText('Wang Fang')).toBeTruthy();
    expect(within(first!).getByText(/2 replies/)).toBeTruthy();
    expect(within(first!).getByText('Last activity 2026-03-03 10:30:00')).toBeTruthy();
    expect(within(second!).getByText('Anonymous')).toBeTruthy();
    expect(within(second!).getByText('Last activity 2026-03-01 08:00:00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Topics (2)' })).toBeTruthy();
    expect(sentRequests(fetchMock)[0]?.url).toBe(`/api/activities/${ACTIVITY_ID}/topics?page=1&page_size=10`);
  });

  it('opens a topic as a thread of replies and goes back to the list', async () => {
    mockForum();
    const user = userEvent.setup({ delay: null });
    const { router } = renderInCourse(<ForumBoard activity={makeForumActivity()} />);

    await user.click(await screen.findByText('Exam preparation'));

    expect(await screen.findByText('Chapters 3 and 4')).toBeTruthy();
    expect(screen.getByText('And the heap exercises')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Exam preparation' })).toBeTruthy();
    expect(router.state.location.search).toBe('?topic=50');

    await user.click(screen.getByRole('button', { name: 'Back to topics' }));
    expect(await screen.findByRole('list', { name: 'Topics' })).toBeTruthy();
  });

  it('makes each topic title a link to its thread that the keyboard can open', async () => {
    mockForum();
    const user = userEvent.setup({ delay: null });
    const { router } = renderInCourse(<ForumBoard activity={makeForumActivity()} />, {
      path: '/course/42/activity/5?tab=info',
    });

    const link = await screen.findByRole('link', { name: 'Exam preparation' });
    // Other parameters of the address stay; the topic is added.
    expect(link.getAttribute('href')).toBe('/course/42/activity/5?tab=info&topic=50');
    link.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Chapters 3 and 4')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=info&topic=50');
  });

  it('starts a new topic with a title and content', async () => {
    const fetchMock = mockForum({
      [`POST /api/activities/${ACTIVITY_ID}/comments`]: () =>
        jsonResponse(makeComment({ id: 60, title: 'New one' }), 201),
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<ForumBoard activity={makeForumActivity()} />);
    await screen.findByText('Exam preparation');

    await user.click(screen.getByRole('button', { name: 'New topic' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Enter a topic title')).toBeTruthy();

    await user.click(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.paste('Study group');
    await fillRichText(
      await within(dialog).findByRole('textbox', { name: 'Content' }),
      'Who wants to meet on Friday?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Posted')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/activities/${ACTIVITY_ID}/comments`)).toEqual([
      {
        title: 'Study group',
        content: '<p>Who wants to meet on Friday?</p>',
        anonymous: false,
        comment_type: 'forum',
        parent_type: 'learning_activity',
        referrer_type: 'none',
      },
    ]);
  });

  it('offers no new topic to an instructor viewing as a student', async () => {
    mockForum();
    renderInCourse(<ForumBoard activity={makeForumActivity()} />, {
      course: makeStudentCourse({ simulating: true }),
    });
    await screen.findByText('Exam preparation');
    expect(screen.queryByRole('button', { name: 'New topic' })).toBeNull();
  });
});
