import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import userEvent from '@testing-library/user-event';
import { ACTIVITY_ID, commentsPage, makeComment, makeForumActivity } from '../test/fixtures.ts';
import { fillRichText, preloadRichTextEditor } from '../../../test/rich-text.ts';
import { renderInCourse } from '../test/render-in-course.tsx';
import { DiscussionPanel } from './discussion-panel.tsx';

const video = makeForumActivity({ type: 'online_video', title: 'Lecture 1' });

function mockLists() {
  return mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    [`GET /api/activities/${ACTIVITY_ID}/comments`]: (_body, url) =>
      jsonResponse(
        commentsPage(
          url.searchParams.get('type') === 'question'
            ? [makeComment({ id: 2, comment_type: 'question', content: 'A question' })]
            : [makeComment({ id: 1, content: '<p>A comment</p>', location: '00:01:05' })],
        ),
      ),
    [`POST /api/activities/${ACTIVITY_ID}/comments`]: () => jsonResponse(makeComment({ id: 3 }), 201),
  });
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('DiscussionPanel', () => {
  it('offers the comment and question tabs, comments first', async () => {
    mockLists();
    renderInCourse(<DiscussionPanel activity={video} />);

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Comments', 'Questions']);
    expect(await screen.findByText('A comment')).toBeTruthy();
    // The comment's video time is shown with it.
    expect(screen.getByText('00:01:05')).toBeTruthy();
  });

  it('shows only the tabs its toggles allow', () => {
    mockLists();
    renderInCourse(<DiscussionPanel activity={video} canSubmitComment={false} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Questions']);
  });

  it('shows only the question tab in a blueprint course (type 13)', async () => {
    mockLists();
    renderInCourse(<DiscussionPanel activity={video} courseType={13} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Questions']);
    expect(await screen.findByText('A question')).toBeTruthy();
  });

  it('adds the quiz tab the activity passes in, unless the quiz is hidden', async () => {
    mockLists();
    const { unmount } = renderInCourse(<DiscussionPanel activity={video} quizTab={<p>Quiz list</p>} />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Comments',
      'Questions',
      'Quizzes',
    ]);
    unmount();
    renderInCourse(<DiscussionPanel activity={video} quizTab={<p>Quiz list</p>} hideQuiz />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Comments',
      'Questions',
    ]);
  });

  function renderVideo() {
    return renderInCourse(
      <DiscussionPanel activity={video} readLocation={() => '00:01:05'} mediaDuration={600} />,
    );
  }

  function timeBox(name: 'Hours' | 'Minutes' | 'Seconds') {
    return screen.getByRole('textbox', { name }) as HTMLInputElement;
  }

  async function writeComment(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('A comment');
    void user;
    await fillRichText('New comment', 'At this point');
  }

  it('stamps a video comment with the player time', async () => {
    const fetchMock = mockLists();
    const user = userEvent.setup({ delay: null });
    renderVideo();
    await writeComment(user);

    expect([timeBox('Hours'), timeBox('Minutes'), timeBox('Seconds')].map((box) => box.value)).toEqual([
      '00',
      '01',
      '05',
    ]);
    expect(timeBox('Minutes').getAttribute('maxlength')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText('Posted')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/activities/${ACTIVITY_ID}/comments`)).toEqual([
      expect.objectContaining({ content: '<p>At this point</p>', location: '00:01:05' }),
    ]);
  });

  it('refuses minutes above 59 with the question-time error', async () => {
    const fetchMock = mockLists();
    const user = userEvent.setup({ delay: null });
    renderVideo();
    await writeComment(user);

    fireEvent.change(timeBox('Minutes'), { target: { value: '75' } });
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(
      await screen.findByText('Invalid question time: hours at most 99, minutes and seconds at most 59.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/activities/${ACTIVITY_ID}/comments`)).toEqual([]);
  });

  it('refuses a time past the end of the video', async () => {
    const fetchMock = mockLists();
    const user = userEvent.setup({ delay: null });
    renderVideo();
    await writeComment(user);

    fireEvent.change(timeBox('Minutes'), { target: { value: '11' } });
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect(
      await screen.findByText('The question time cannot be later than the end of the video.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/activities/${ACTIVITY_ID}/comments`)).toEqual([]);
  });

  it('turns non-digits into 0 and pads a box to two digits when it is left', async () => {
    mockLists();
    renderVideo();
    await screen.findByText('A comment');

    fireEvent.change(timeBox('Minutes'), { target: { value: '2x' } });
    expect(timeBox('Minutes').value).toBe('20');
    fireEvent.change(timeBox('Seconds'), { target: { value: '7' } });
    fireEvent.blur(timeBox('Seconds'));
    expect(timeBox('Seconds').value).toBe('07');
    expect(screen.queryByText(/Invalid question time/)).toBeNull();
  });
});
