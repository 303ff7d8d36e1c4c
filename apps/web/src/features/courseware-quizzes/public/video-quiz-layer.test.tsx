import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeQuiz, makeQuizList, makeQuizSubjects, makeSubmission } from '../test/fixtures.ts';
import { VideoQuizLayer } from './video-quiz-layer.tsx';

function Player() {
  const videoRef = useRef<HTMLVideoElement>(null);
  return (
    <>
      <video ref={videoRef} data-testid="player" />
      <VideoQuizLayer activityId={500} videoRef={videoRef} />
    </>
  );
}

function renderPlayer() {
  return renderRoutes(
    [{ path: '/course/:courseId/activity/:activityId', element: <Player /> }],
    '/course/5/activity/500',
  );
}

/** jsdom has no media playback: the playhead is a plain property here, play and pause are recorded. */
function playheadAt(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'currentTime', { value: seconds, writable: true, configurable: true });
}

let pause: ReturnType<typeof vi.spyOn>;
let play: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('quizzes in the video player', () => {
  it('pauses at the quiz, takes the answer, shows the result and plays on', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () => jsonResponse(makeQuizList()),
      'GET /api/courseware-quiz/quiz/70/subjects': () => jsonResponse(makeQuizSubjects()),
      'GET /api/courseware-quiz/quiz/70/my-submission': () => jsonResponse({ submission: null }),
      'POST /api/courseware-quiz/quiz/70/submissions': () => jsonResponse(makeSubmission(false)),
    });
    const user = userEvent.setup({ delay: null });
    renderPlayer();
    const video = screen.getByTestId('player') as HTMLVideoElement;
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());

    playheadAt(video, 29);
    fireEvent.timeUpdate(video);
    expect(screen.queryByRole('dialog')).toBeNull();

    playheadAt(video, 30.2);
    await waitFor(() => {
      fireEvent.timeUpdate(video);
      expect(pause).toHaveBeenCalled();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Quiz at 00:00:30' }, { timeout: 15_000 });
    const question = await within(dialog).findByRole('group', { name: /Question 1/ }, { timeout: 15_000 });
    await user.click(within(question).getByRole('radio', { name: 'B. O(1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit answers' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/courseware-quiz/quiz/70/submissions')).toEqual([
        { subjects: [{ subject_id: 1, answer_option_ids: [12] }] },
      ]),
    );
    expect(await within(dialog).findByText('0 of 1 right · 0 of 2 points')).toBeTruthy();
    expect(within(dialog).getByText('Wrong')).toBeTruthy();
    expect(within(dialog).getByText('Right answer: A')).toBeTruthy();
    expect(within(dialog).getByText('One step per item.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Continue watching' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(play).toHaveBeenCalled();
    // Answered now: playing on past it does not stop again.
    pause.mockClear();
    playheadAt(video, 40);
    fireEvent.timeUpdate(video);
    expect(pause).not.toHaveBeenCalled();
  });

  it('stops a seek beyond an unanswered quiz at that quiz', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(makeQuizList({ quizzes: [makeQuiz(), makeQuiz({ id: 71, position: 90 })] })),
      'GET /api/courseware-quiz/quiz/70/subjects': () => jsonResponse(makeQuizSubjects()),
      'GET /api/courseware-quiz/quiz/70/my-submission': () => jsonResponse({ submission: null }),
    });
    renderPlayer();
    const video = screen.getByTestId('player') as HTMLVideoElement;
    playheadAt(video, 120);
    await waitFor(() => {
      fireEvent.seeked(video);
      expect(video.currentTime).toBe(30);
    });
    expect(await screen.findByRole('dialog', { name: 'Quiz at 00:00:30' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('passes an unpublished quiz and stops at the next published one', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(
          makeQuizList({
            quizzes: [makeQuiz({ published: false }), makeQuiz({ id: 71, position: 90 })],
          }),
        ),
      'GET /api/courseware-quiz/quiz/71/subjects': () => jsonResponse({ ...makeQuizSubjects(), quiz_id: 71 }),
      'GET /api/courseware-quiz/quiz/71/my-submission': () => jsonResponse({ submission: null }),
    });
    renderPlayer();
    const video = screen.getByTestId('player') as HTMLVideoElement;
    playheadAt(video, 60);
    fireEvent.timeUpdate(video);
    playheadAt(video, 120);
    await waitFor(() => {
      fireEvent.seeked(video);
      expect(video.currentTime).toBe(90);
    });
    expect(await screen.findByRole('dialog', { name: 'Quiz at 00:01:30' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Quiz at 00:00:30' })).toBeNull();
  });

  it('never stops for the teaching team', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(makeQuizList({ can_submit: false, can_manage: true })),
    });
    renderPlayer();
    const video = screen.getByTestId('player') as HTMLVideoElement;
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    playheadAt(video, 45);
    fireEvent.timeUpdate(video);
    expect(pause).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
