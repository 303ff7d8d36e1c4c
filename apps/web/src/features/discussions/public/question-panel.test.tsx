import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  sentRequests,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { ACTIVITY_ID, commentsPage, makeQuestion, makeStudentCourse } from '../test/fixtures.ts';
import { renderInCourse } from '../test/render-in-course.tsx';
import { QuestionPanel, QUESTION_PANEL_TIMING } from './question-panel.tsx';

const LIST = `GET /api/activities/${ACTIVITY_ID}/comments`;
const CREATE = `POST /api/activities/${ACTIVITY_ID}/comments`;

type User = ReturnType<typeof userEvent.setup>;

function listQueries(fetchMock: ReturnType<typeof mockApi>) {
  return sentRequests(fetchMock)
    .filter((request) => request.method === 'GET' && request.url.includes('/comments?'))
    .map((request) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams));
}

function questionList() {
  return screen.getByRole('list', { name: 'Questions' });
}

function shownQuestions() {
  return within(questionList())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.discussion-post-content')?.textContent);
}

const twoQuestions = [
  makeQuestion({ id: 1, content: 'Popular question', approval_count: 5 }),
  makeQuestion({ id: 2, content: 'Quiet question', approval_count: 1 }),
];

function mockPanel(routes: ApiRoutes = {}) {
  return mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    [LIST]: () => jsonResponse(commentsPage(twoQuestions)),
    ...routes,
  });
}

/** The viewer's page, as the PDF viewer would report it; tests turn pages by changing it. */
let viewerPage: string | null = '3';
const readLocation = () => viewerPage;

function renderPanel(options: Parameters<typeof renderInCourse>[1] = {}) {
  return renderInCourse(
    <QuestionPanel activityId={ACTIVITY_ID} referenceId={9} readLocation={readLocation} />,
    options,
  );
}

/** antd's segmented control hides its radio inputs from the pointer; people click the label. */
async function choose(user: User, name: string) {
  await user.click(screen.getByRole('radio', { name }).closest('label')!);
}

async function openInput(user: User) {
  await user.click(screen.getByRole('textbox', { name: 'Your question' }));
  return screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
}

beforeEach(async () => {
  viewerPage = '3';
  await i18n.changeLanguage('en-US');
});

describe('QuestionPanel', () => {
  it('lists all questions of the file by heat, with the count in the header and no sort choice', async () => {
    const fetchMock = mockPanel();
    renderPanel();

    expect(await screen.findByText('Popular question')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Questions (2)' })).toBeTruthy();
    expect(listQueries(fetchMock)).toEqual([
      {
        page: '1',
        page_size: '10',
        type: 'question',
        referrer_type: 'upload_reference',
        referrer_id: '9',
        order_key: 'approval_count',
        order: 'desc',
      },
    ]);
    expect((screen.getByRole('radio', { name: 'All questions' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: 'Newest' })).toBeNull();
    expect(shownQuestions()).toEqual(['Popular question', 'Quiet question']);
  });

  it('shows the empty state when there are no questions', async () => {
    mockPanel({ [LIST]: () => jsonResponse(commentsPage([])) });
    renderPanel();
    expect(await screen.findByText('No questions yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Questions (0)' })).toBeTruthy();
  });

  it('filters by the current page, where it offers sorting by time or heat', async () => {
    const fetchMock = mockPanel();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    await choose(user, 'Current page');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '3', order_key: 'approval_count' }),
    );
    expect((screen.getByRole('radio', { name: 'Popular' }) as HTMLInputElement).checked).toBe(true);

    await choose(user, 'Newest');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '3', order_key: 'id' }),
    );
  });

  it('asks the server again when the reader goes back to an order seen before, so likes since then count', async () => {
    let likedQuiet = false;
    const fetchMock = mockPanel({
      [LIST]: (_body, url) => {
        const quiet = makeQuestion({ id: 2, content: 'Quiet question', approval_count: likedQuiet ? 9 : 1 });
        const popular = makeQuestion({ id: 1, content: 'Popular question', approval_count: 5 });
        const byHeat = url.searchParams.get('order_key') === 'approval_count';
        return jsonResponse(commentsPage(byHeat && likedQuiet ? [quiet, popular] : [popular, quiet]));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    await choose(user, 'Current page');
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(2));
    await choose(user, 'Newest');
    await waitFor(() => expect(listQueries(fetchMock)).toHaveLength(3));
    // Meanwhile the quiet question became the most liked.
    likedQuiet = true;
    await choose(user, 'Popular');

    await waitFor(() => expect(shownQuestions()).toEqual(['Quiet question', 'Popular question']));
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '3', order_key: 'approval_count' });
  });

  it('follows the viewer to another page after it has stayed there a second, and back to heat when the page is gone', async () => {
    const fetchMock = mockPanel();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');
    await choose(user, 'Current page');
    await choose(user, 'Newest');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '3', order_key: 'id' }),
    );

    viewerPage = '4';
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '4', order_key: 'id' }),
    );
    // Read every second, reloaded once after a second of quiet: one request for the new page.
    expect(listQueries(fetchMock).filter((query) => query.location === '4')).toHaveLength(1);

    viewerPage = null;
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Popular' }) as HTMLInputElement).checked).toBe(true),
    );
    // Without a page the list is every question by heat (asked afresh, so likes since are in its order),
    // and above all there is no reload for the page just left once the debounce would have fired.
    const before = listQueries(fetchMock).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = listQueries(fetchMock).slice(before);
    expect(after.filter((query) => query.location !== undefined)).toEqual([]);
    expect(after.every((query) => query.order_key === 'approval_count')).toBe(true);
    expect(shownQuestions()).toEqual(['Popular question', 'Quiet question']);
  });

  it('lists the first page the viewer reports at once; only later page turns wait a second', async () => {
    const fetchMock = mockPanel();
    const user = userEvent.setup({ delay: null });
    // The document is still opening: no page yet.
    viewerPage = null;
    let firstSeen: number | null = null;
    const reading = () => {
      if (viewerPage !== null) firstSeen ??= performance.now();
      return viewerPage;
    };
    renderInCourse(<QuestionPanel activityId={ACTIVITY_ID} referenceId={9} readLocation={reading} />);
    await screen.findByText('Popular question');
    await choose(user, 'Current page');

    viewerPage = '1';
    await screen.findByRole('checkbox', { name: 'Page 1', checked: true }, { timeout: 3000 });
    // Shown on the poll that saw the page, not after the one-second debounce (which would leave "current
    // page" listing every question meanwhile): anything under the debounce itself proves it, however busy
    // the machine running the test.
    expect(performance.now() - firstSeen!).toBeLessThan(QUESTION_PANEL_TIMING.reloadDebounceMs - 50);
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '1' }));
  });

  it('lets the reader pick another page from the page tags', async () => {
    const fetchMock = mockPanel();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');
    await choose(user, 'Current page');

    const tags = await screen.findByRole('group', { name: 'Pages' });
    // jsdom lays nothing out (width 0), so one tag fits: (0 - 112) / 90 rounds up to the minimum of 1.
    expect(within(tags).getByText('Page 3')).toBeTruthy();
    await user.click(within(tags).getByRole('button', { name: 'Next pages' }));
    await user.click(within(tags).getByText('Page 4'));

    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ location: '4' }));
  });

  it('posts a question, puts it first, counts it, says so and resets the box', async () => {
    const asked = makeQuestion({ id: 3, content: 'What is a heap?', anonymous: true, approval_count: 0 });
    const fetchMock = mockPanel({ [CREATE]: () => jsonResponse(asked, 201) });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    const box = await openInput(user);
    await user.paste('What is a heap?');
    await user.click(screen.getByRole('checkbox', { name: /Post anonymously/ }));
    questionList().scrollTop = 300;
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText('Question posted')).toBeTruthy();
    // Back to the top, where the new question is.
    await waitFor(() => expect(questionList().scrollTop).toBe(0));
    expect(sentBodies(fetchMock, CREATE)).toEqual([
      {
        content: 'What is a heap?',
        comment_type: 'question',
        anonymous: true,
        parent_type: 'learning_activity',
        referrer_id: 9,
        referrer_type: 'upload_reference',
        course_role: 'student',
        location: '3',
      },
    ]);
    expect(shownQuestions()).toEqual(['What is a heap?', 'Popular question', 'Quiet question']);
    expect(screen.getByRole('heading', { name: 'Questions (3)' })).toBeTruthy();
    expect(box.value).toBe('');
    expect((screen.getByRole('checkbox', { name: /Post anonymously/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    // The new question is in the list the reader already has: no reload.
    expect(listQueries(fetchMock)).toHaveLength(1);
  });

  it('ties a question to the page being read, even one turned to a moment ago', async () => {
    const fetchMock = mockPanel({
      [CREATE]: () => jsonResponse(makeQuestion({ id: 3, content: 'On page 4', location: '4' }), 201),
    });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    await openInput(user);
    await user.paste('On page 4');
    // The reader turns the page and asks at once, before the once-a-second poll has seen it.
    viewerPage = '4';
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText('Question posted')).toBeTruthy();
    expect(sentBodies(fetchMock, CREATE)).toMatchObject([{ content: 'On page 4', location: '4' }]);
  });

  it('sends one question however fast submit is clicked', async () => {
    const fetchMock = mockPanel({
      [CREATE]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return jsonResponse(makeQuestion({ id: 3, content: 'Once' }), 201);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    await openInput(user);
    await user.paste('Once');
    await user.dblClick(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText('Question posted')).toBeTruthy();
    expect(sentBodies(fetchMock, CREATE)).toHaveLength(1);
  });

  it('takes at most 500 characters', async () => {
    mockPanel();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    const box = await openInput(user);
    await user.paste('x'.repeat(501));
    expect(box.value).toHaveLength(500);
    expect(screen.getByText('500 / 500')).toBeTruthy();
  });

  it('only folds the box up when submitted empty', async () => {
    const fetchMock = mockPanel();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    await openInput(user);
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getByRole('button', { name: 'Collapse' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull());
    expect(sentBodies(fetchMock, CREATE)).toEqual([]);
  });

  it('shows why a question was refused under the box, until the box is focused again', async () => {
    mockPanel({
      [CREATE]: () =>
        errorResponse(422, 'validation_failed', 'Invalid input', {
          content: ['A question can have at most 500 characters.'],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Popular question');

    const box = await openInput(user);
    await user.paste('Too long, says the server');
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText('A question can have at most 500 characters.')).toBeTruthy();
    expect(box.value).toBe('Too long, says the server');
    fireEvent.focus(box);
    await waitFor(() => expect(screen.queryByText('A question can have at most 500 characters.')).toBeNull());
    expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy();
  });

  it('shows the teaching team the list only: no box, no likes', async () => {
    mockPanel();
    renderPanel({ course: makeStudentCourse({ current_user_roles: ['instructor_assistant'] }) });
    await screen.findByText('Popular question');

    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Like (5)' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts over from the first page when another file is chosen', async () => {
    const fetchMock = mockPanel({
      [LIST]: (_body, url) =>
        jsonResponse(
          commentsPage(
            url.searchParams.get('referrer_id') === '10'
              ? [makeQuestion({ id: 20, content: 'About the second file', referrer_id: 10 })]
              : twoQuestions,
          ),
        ),
    });
    function TwoFiles() {
      const [referenceId, setReferenceId] = useState(9);
      return (
        <>
          <button type="button" onClick={() => setReferenceId(10)}>
            Next file
          </button>
          <QuestionPanel activityId={ACTIVITY_ID} referenceId={referenceId} readLocation={readLocation} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderInCourse(<TwoFiles />);
    await screen.findByText('Popular question');

    await user.click(screen.getByRole('button', { name: 'Next file' }));

    expect(await screen.findByText('About the second file')).toBeTruthy();
    expect(shownQuestions()).toEqual(['About the second file']);
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '1', referrer_id: '10' });
  });

  it('loads the next page when scrolled to within 10 px of the bottom', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) =>
      makeQuestion({ id: 100 - index, content: `Question ${index + 1}` }),
    );
    const fetchMock = mockPanel({
      [LIST]: (_body, url) =>
        jsonResponse(
          url.searchParams.get('cursor') === 'after-91'
            ? commentsPage([makeQuestion({ id: 5, content: 'Question 11' })], { total: 11, page: 2 })
            : commentsPage(firstPage, { total: 11, nextCursor: 'after-91' }),
        ),
    });
    renderPanel();
    await screen.findByText('Question 10');

    const list = questionList();
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    list.scrollTop = 580;
    fireEvent.scroll(list);
    // 20 px from the bottom: not yet.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(listQueries(fetchMock)).toHaveLength(1);

    list.scrollTop = 592;
    fireEvent.scroll(list);
    expect(await screen.findByText('Question 11')).toBeTruthy();
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2', cursor: 'after-91' });
  });

  it('removes a deleted question and counts one fewer', async () => {
    mockPanel({
      [LIST]: () =>
        jsonResponse(
          commentsPage([
            makeQuestion({ id: 1, content: 'Keep me' }),
            makeQuestion({ id: 2, content: 'Mine to delete', can_delete: true }),
          ]),
        ),
      'DELETE /api/comments/2': () => jsonResponse({ message: 'Deleted.' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await screen.findByText('Mine to delete');

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(shownQuestions()).toEqual(['Keep me']));
    expect(screen.getByRole('heading', { name: 'Questions (1)' })).toBeTruthy();
  });

  it('offers no page filter beside a video, whose location is a time', async () => {
    viewerPage = '00:01:05';
    mockPanel();
    renderPanel();
    await screen.findByText('Popular question');
    expect(screen.queryByRole('radio', { name: 'Current page' })).toBeNull();
  });
});
