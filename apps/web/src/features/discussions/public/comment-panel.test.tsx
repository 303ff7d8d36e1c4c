import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import {
  ACTIVITY_ID,
  commentsPage,
  makeAuthor,
  makeComment,
  makeReply,
  makeStudentCourse,
} from '../test/fixtures.ts';
import { fillRichText, preloadRichTextEditor, richTextValue } from '../../../test/rich-text.ts';
import { renderInCourse } from '../test/render-in-course.tsx';
import { CommentPanel } from './comment-panel.tsx';

const LIST = `GET /api/activities/${ACTIVITY_ID}/comments`;
const CREATE = `POST /api/activities/${ACTIVITY_ID}/comments`;
const OPERATE = `POST /api/activities/${ACTIVITY_ID}/comments/operate`;

function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return sentRequests(fetchMock)
    .filter((request) => request.method === 'GET' && request.url.includes('/comments?'))
    .map((request) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams));
}

/** Pastes instead of typing key by key: antd's auto-sizing box re-measures on every key, slowly under jsdom. */
/** The comment box is the rich-text editor: its content is set as a user's edit would set it. */
async function typeInto(_user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await fillRichText(box, text);
}

function cards() {
  return within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CommentPanel', () => {
  it('asks for the forum comments newest first, 10 a page, and shows authors with their role badges', async () => {
    const fetchMock = mockApi({
      [LIST]: () =>
        jsonResponse(
          commentsPage([
            makeComment({ id: 1, content: '<p>Named post</p>' }),
            makeComment({
              id: 2,
              content: '<p>Hidden author</p>',
              anonymous: true,
              created_by: null,
            }),
            makeComment({
              id: 3,
              content: '<p>My own anonymous post</p>',
              anonymous: true,
              created_by: makeAuthor({ name: 'Me Myself' }),
            }),
            makeComment({
              id: 4,
              content: '<p>From the teacher</p>',
              course_role: 'instructor',
              created_by: makeAuthor({ name: 'Prof. Li', course_roles: ['instructor'] }),
            }),
            makeComment({
              id: 5,
              content: '<p>From a guest</p>',
              course_role: 'customer',
              created_by: makeAuthor({
                name: 'Guest',
                aliases: 'Visiting scholar',
                course_roles: ['customer'],
              }),
            }),
          ]),
        ),
    });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);

    expect(await screen.findByText('Named post')).toBeTruthy();
    expect(listQueries(fetchMock)[0]).toEqual({
      page: '1',
      page_size: '10',
      order_key: 'id',
      order: 'desc',
      type: 'forum',
      referrer_type: 'none',
      include_replies: 'true',
    });
    const [named, hidden, own, teacher, guest] = cards();
    expect(within(named!).getByText('Wang Fang')).toBeTruthy();
    expect(within(named!).getByText('Student')).toBeTruthy();
    expect(within(hidden!).getByText('Anonymous')).toBeTruthy();
    expect(within(hidden!).queryByText('Wang Fang')).toBeNull();
    expect(within(own!).getByText('Me Myself')).toBeTruthy();
    expect(within(own!).getByText('Posted anonymously')).toBeTruthy();
    expect(within(teacher!).getByText('Instructor')).toBeTruthy();
    expect(within(guest!).getByText('Visiting scholar')).toBeTruthy();
  });

  it('posts a comment as HTML paragraphs, says it was sent and reloads the list on page 1', async () => {
    let posted = false;
    const fetchMock = mockApi({
      [LIST]: () =>
        jsonResponse(
          commentsPage(posted ? [makeComment({ id: 9, content: '<p>Hello &lt;all&gt;</p>' })] : []),
        ),
      [CREATE]: () => {
        posted = true;
        return jsonResponse(makeComment({ id: 9, content: '<p>Hello &lt;all&gt;</p>' }), 201);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);

    expect(await screen.findByText('No comments yet. Be the first to comment.')).toBeTruthy();
    await typeInto(user, await screen.findByRole('textbox', { name: 'New comment' }), 'Hello <all>');
    await user.click(screen.getByRole('checkbox', { name: /Post anonymously/ }));
    expect(screen.getByText('(anonymous to classmates)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText('Posted')).toBeTruthy();
    expect(sentBodies(fetchMock, CREATE)).toEqual([
      {
        content: '<p>Hello &lt;all&gt;</p>',
        anonymous: true,
        comment_type: 'forum',
        parent_type: 'learning_activity',
        referrer_type: 'none',
        location: null,
      },
    ]);
    expect(await screen.findByText('Hello <all>')).toBeTruthy();
    await waitFor(async () => expect(await richTextValue('New comment')).toBe(''));
    expect((screen.getByRole('checkbox', { name: /Post anonymously/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('refuses to send an empty comment: the placeholder shows as the error under the field until it is focused', async () => {
    const fetchMock = mockApi({ [LIST]: () => jsonResponse(commentsPage([])) });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('No comments yet. Be the first to comment.');

    await typeInto(user, await screen.findByRole('textbox', { name: 'New comment' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    const box = await screen.findByRole('textbox', { name: 'New comment' });
    expect(
      await screen.findByText('Write your comment…', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(box.closest('.rich-text-editor')!.className).toContain('rich-text-editor-error');
    expect(sentBodies(fetchMock, CREATE)).toEqual([]);

    fireEvent.focus(box);
    await waitFor(() =>
      expect(
        screen.queryByText('Write your comment…', { selector: '.ant-form-item-explain-error' }),
      ).toBeNull(),
    );
    expect(box.closest('.rich-text-editor')!.className).not.toContain('rich-text-editor-error');
  });

  it('shows the server reason under the field when sending fails', async () => {
    mockApi({
      [LIST]: () => jsonResponse(commentsPage([])),
      [CREATE]: () =>
        errorResponse(403, 'simulating_read_only', 'Not allowed while viewing the course as a student.'),
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('No comments yet. Be the first to comment.');

    await typeInto(user, await screen.findByRole('textbox', { name: 'New comment' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(
      await screen.findByText('Not allowed while viewing the course as a student.', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(await richTextValue('New comment')).toBe('<p>Hi</p>');
  });

  it('offers edit and delete only as the server allows', async () => {
    mockApi({
      [LIST]: () =>
        jsonResponse(
          commentsPage([
            makeComment({ id: 1, content: '<p>Locked</p>' }),
            makeComment({ id: 2, content: '<p>Deletable</p>', can_delete: true }),
            makeComment({ id: 3, content: '<p>Mine</p>', can_edit: true, can_delete: true }),
          ]),
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('Locked');
    const [locked, deletable, mine] = cards();

    expect(within(locked!).queryByRole('button', { name: 'More actions' })).toBeNull();

    await user.click(within(deletable!).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
    await user.keyboard('{Escape}');

    await user.click(within(mine!).getByRole('button', { name: 'More actions' }));
    await waitFor(() => {
      const menus = screen.getAllByRole('menu');
      const items = within(menus.at(-1)!).getAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    });
  });

  async function openEditor(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Edit/ }));
    return screen.findByRole('textbox', { name: 'Edit content' });
  }

  function mockEditable() {
    return mockApi({
      [LIST]: () =>
        jsonResponse(commentsPage([makeComment({ id: 3, content: '<p>First draft</p>', can_edit: true })])),
      'PUT /api/comments/3': (body) =>
        jsonResponse(
          makeComment({
            id: 3,
            content: (body as { content: string }).content,
            can_edit: true,
            updated_at: '2026-03-02T09:00:00.000Z',
          }),
        ),
    });
  }

  it('leaves edit mode without a request when the content did not change', async () => {
    const fetchMock = mockEditable();
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('First draft');

    const editor = await openEditor(user);
    expect(await richTextValue(editor)).toBe('<p>First draft</p>');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('textbox', { name: 'Edit content' })).toBeNull();
    expect(screen.getByText('First draft')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/comments/3')).toEqual([]);
  });

  it('sends a changed edit, says it was saved and shows the saved content', async () => {
    const fetchMock = mockEditable();
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('First draft');

    const editor = await openEditor(user);
    await fillRichText(editor, 'Second draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/comments/3')).toEqual([
      { content: '<p>Second draft</p>', comment_type: 'forum' },
    ]);
    expect(await screen.findByText('Second draft')).toBeTruthy();
  });

  it('deletes after confirmation and says so', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      [LIST]: () =>
        jsonResponse(
          commentsPage(deleted ? [] : [makeComment({ id: 2, content: '<p>Bye</p>', can_delete: true })]),
        ),
      'DELETE /api/comments/2': () => {
        deleted = true;
        return jsonResponse({ message: 'Deleted.' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('Bye');

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(sentRequests(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Bye')).toBeNull());
  });

  it('toggles a like, showing the count the server returns, and counts a double click once', async () => {
    let liked = false;
    const fetchMock = mockApi({
      [LIST]: () => jsonResponse(commentsPage([makeComment({ id: 1, approval_count: 3 })])),
      [OPERATE]: (body) => {
        liked = (body as { operate_type: string }).operate_type === 'like';
        return jsonResponse({ target_ids: [1], approval_counts: { '1': liked ? 4 : 3 } });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);

    const like = await screen.findByRole('button', { name: 'Like (3)' });
    await user.dblClick(like);

    const unlike = await screen.findByRole('button', { name: 'Unlike (4)' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(sentBodies(fetchMock, OPERATE)).toEqual([
      { target_ids: [1], target_type: 'comment', operate_type: 'like' },
    ]);

    // The next toggle is accepted once the second has passed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await user.click(unlike);
    expect(await screen.findByRole('button', { name: 'Like (3)' })).toBeTruthy();
    expect(sentBodies(fetchMock, OPERATE).at(-1)).toEqual({
      target_ids: [1],
      target_type: 'comment',
      operate_type: 'unlike',
    });
  });

  it('cannot like where the server says no', async () => {
    mockApi({ [LIST]: () => jsonResponse(commentsPage([makeComment({ id: 1, can_like: false })])) });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    expect((await screen.findByRole('button', { name: 'Like (3)' })).hasAttribute('disabled')).toBe(true);
  });

  function mockThread() {
    const reply = makeReply({ id: 100, content: '<p>First reply</p>' });
    return mockApi({
      [LIST]: () =>
        jsonResponse(commentsPage([makeComment({ id: 1, reply_count: 1, comment_replies: [reply] })])),
      'POST /api/comments/1/replies': () => jsonResponse(makeReply({ id: 101 }), 201),
      'GET /api/comments/1/replies': () =>
        jsonResponse({
          replies: [
            reply,
            makeReply({
              id: 101,
              content: '<p>Second reply</p>',
              parent_id: 100,
              parent: { id: 100, anonymous: false, created_by: reply.created_by },
            }),
          ],
          total: 2,
          pages: 1,
        }),
    });
  }

  it('answers one of the replies under a comment (parent_id) and shows the thread again', async () => {
    const fetchMock = mockThread();
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);

    expect(await screen.findByText('First reply')).toBeTruthy();
    expect(screen.getByText('Chen Jie')).toBeTruthy();

    const replies = screen.getByRole('list', { name: 'Replies' });
    await user.click(within(replies).getByRole('button', { name: 'Reply' }));
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    expect(box.getAttribute('aria-placeholder')).toBe('Reply to Chen Jie…');
    expect(screen.getByRole('button', { name: 'Send reply' }).hasAttribute('disabled')).toBe(true);
    await typeInto(user, box, 'Me too');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Second reply')).toBeTruthy();
    expect(screen.getByText(/replied to Chen Jie/)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/comments/1/replies')).toEqual([
      { content: '<p>Me too</p>', anonymous: false, parent_id: 100 },
    ]);
  });

  it('answers the comment itself (parent_id 0) from its reply toggle', async () => {
    const fetchMock = mockThread();
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('First reply');

    const toggle = screen.getByRole('button', { name: 'Reply (1)' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await typeInto(user, await screen.findByRole('textbox', { name: 'Your reply' }), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Posted')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/comments/1/replies')).toEqual([
      { content: '<p>Thanks</p>', anonymous: false, parent_id: 0 },
    ]);
  });

  it('pages a long thread of replies 10 at a time', async () => {
    const firstTen = Array.from({ length: 10 }, (_, index) =>
      makeReply({ id: 300 + index, content: `<p>Reply ${index + 1}</p>` }),
    );
    const fetchMock = mockApi({
      [LIST]: () =>
        jsonResponse(commentsPage([makeComment({ id: 1, reply_count: 12, comment_replies: firstTen })])),
      'GET /api/comments/1/replies': () =>
        jsonResponse({
          replies: [
            makeReply({ id: 310, content: '<p>Reply 11</p>' }),
            makeReply({ id: 311, content: '<p>Reply 12</p>' }),
          ],
          total: 12,
          pages: 2,
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('Reply 10');
    // The first page came with the comment.
    expect(sentRequests(fetchMock).filter((request) => request.url.includes('/replies'))).toEqual([]);

    // The thread's own pager comes before the comment list's.
    const [threadPager] = screen.getAllByTitle('Next Page');
    await user.click(threadPager!);

    expect(await screen.findByText('Reply 12')).toBeTruthy();
    expect(sentRequests(fetchMock).find((request) => request.url.includes('/replies'))?.url).toBe(
      '/api/comments/1/replies?page=2&page_size=10',
    );
  });

  it('pages through comments and changes the page size', async () => {
    const fetchMock = mockApi({
      [LIST]: (_body, url) =>
        jsonResponse(
          commentsPage(
            [
              makeComment({
                id: Number(url.searchParams.get('page')) * 100,
                content: `<p>Page ${url.searchParams.get('page')}</p>`,
              }),
            ],
            {
              total: 45,
              page: Number(url.searchParams.get('page')),
              pageSize: Number(url.searchParams.get('page_size')),
            },
          ),
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />);
    await screen.findByText('Page 1');

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Page 2')).toBeTruthy();
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2', page_size: '10' });

    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('20 / page'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '1', page_size: '20' }));
  });

  it('offers no form to an instructor viewing as a student', async () => {
    mockApi({ [LIST]: () => jsonResponse(commentsPage([makeComment({ id: 1 })])) });
    renderInCourse(<CommentPanel activityId={ACTIVITY_ID} />, {
      course: makeStudentCourse({ simulating: true }),
    });
    await screen.findByText('Great lecture');
    expect(screen.queryByRole('textbox', { name: 'New comment' })).toBeNull();
    expect(screen.getByText(/You are viewing the course as a student/)).toBeTruthy();
  });
});
