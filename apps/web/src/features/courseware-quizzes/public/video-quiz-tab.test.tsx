import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeQuiz, makeQuizList, makeQuizSubjects, makeSubmission } from '../test/fixtures.ts';
import { VideoQuizTab } from './video-quiz-tab.tsx';

function renderTab(readTime?: () => number | null) {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <VideoQuizTab activityId={500} courseId={5} readTime={readTime} />,
      },
    ],
    '/course/5/activity/500',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the quiz tab', () => {
  it('shows a returning student their earlier result', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(makeQuizList({ quizzes: [makeQuiz({ submitted: true, title: 'Loops' })] })),
      'GET /api/courseware-quiz/quiz/70/subjects': () => jsonResponse(makeQuizSubjects()),
      'GET /api/courseware-quiz/quiz/70/my-submission': () =>
        jsonResponse({ submission: makeSubmission(true) }),
    });
    const user = userEvent.setup({ delay: null });
    renderTab();
    expect(await screen.findByText('Loops', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('00:00:30')).toBeTruthy();
    expect(screen.getByText('Answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View result' }));
    expect(await screen.findByText('1 of 1 right · 2 of 2 points', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Your answer: A')).toBeTruthy();
  });

  it(
    'lets the teaching team place a quiz at the player’s time and shows the server’s refusal',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        'GET /api/courseware-quiz/activity/500/quizzes': () =>
          jsonResponse(makeQuizList({ quizzes: [], can_submit: false, can_manage: true })),
        'POST /api/courseware-quiz/activity/500/quizzes': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid.', {
            position: ['The time must be a whole number of seconds from 0 to 43200.'],
          }),
      });
      const user = userEvent.setup({ delay: null });
      renderTab(() => 95.6);
      await user.click(await screen.findByRole('button', { name: 'Use current time' }, { timeout: 15_000 }));
      expect(
        (screen.getByRole('textbox', { name: 'Time in the video (hh:mm:ss)' }) as HTMLInputElement).value,
      ).toBe('00:01:35');
      await user.type(screen.getByRole('textbox', { name: 'Quiz title (optional)' }), 'Check');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'POST /api/courseware-quiz/activity/500/quizzes')).toEqual([
          { position: 95, title: 'Check' },
        ]),
      );
      expect(
        await within(screen.getByRole('region', { name: 'Add a quiz' })).findByRole('alert'),
      ).toHaveProperty('textContent', 'The time must be a whole number of seconds from 0 to 43200.');
    },
  );

  it('refuses a time that is not hh:mm:ss before sending it', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(makeQuizList({ quizzes: [], can_submit: false, can_manage: true })),
    });
    const user = userEvent.setup({ delay: null });
    renderTab();
    await user.type(
      await screen.findByRole('textbox', { name: 'Time in the video (hh:mm:ss)' }, { timeout: 15_000 }),
      '1:75',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter the time as hh:mm:ss, for example 00:01:30.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/courseware-quiz/activity/500/quizzes')).toEqual([]);
  });

  it(
    'lets the team publish a quiz and cancel its publication after confirming',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        'GET /api/courseware-quiz/activity/500/quizzes': () =>
          jsonResponse(
            makeQuizList({
              quizzes: [makeQuiz({ published: false, title: 'Draft' }), makeQuiz({ id: 71, title: 'Live' })],
              can_submit: false,
              can_manage: true,
            }),
          ),
        'GET /api/course/5/subject-libs': () => jsonResponse({ subject_libs: [] }),
        'PUT /api/courseware-quiz/quiz/70/publish': () => jsonResponse(makeQuiz({ published: true })),
        'PUT /api/courseware-quiz/quiz/71/publish': () =>
          jsonResponse(makeQuiz({ id: 71, published: false })),
      });
      const user = userEvent.setup({ delay: null });
      renderTab();
      const draft = (await screen.findByText('00:00:30 · Draft', {}, { timeout: 15_000 })).closest(
        '.ant-card',
      );
      const live = screen.getByText('00:00:30 · Live').closest('.ant-card');
      expect(within(draft as HTMLElement).getByText('Not published')).toBeTruthy();
      expect(within(live as HTMLElement).getByText('Published')).toBeTruthy();
      await user.click(within(draft as HTMLElement).getByRole('button', { name: 'Publish' }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'PUT /api/courseware-quiz/quiz/70/publish')).toEqual([
          { published: true },
        ]),
      );
      await user.click(within(live as HTMLElement).getByRole('button', { name: 'Cancel publishing' }));
      expect(sentBodies(fetchMock, 'PUT /api/courseware-quiz/quiz/71/publish')).toEqual([]);
      const confirm = (
        await screen.findByText(
          'Students will no longer see this quiz or their answers to it. Cancel publishing?',
        )
      ).closest('.ant-popover') as HTMLElement;
      await user.click(within(confirm).getByRole('button', { name: 'Cancel publishing' }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'PUT /api/courseware-quiz/quiz/71/publish')).toEqual([
          { published: false },
        ]),
      );
    },
  );

  it('lists only published quizzes to a student, even from a stale list', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/courseware-quiz/activity/500/quizzes': () =>
        jsonResponse(
          makeQuizList({
            quizzes: [makeQuiz({ published: false, title: 'Draft' }), makeQuiz({ id: 71, title: 'Live' })],
          }),
        ),
    });
    renderTab();
    expect(await screen.findByText('Live', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Draft')).toBeNull();
  });
});
