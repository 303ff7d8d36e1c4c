import { screen } from '@testing-library/react';
import type { CoursewareQuizStatistics } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeQuiz, makeQuizList } from '../test/fixtures.ts';
import { VideoStatisticsView } from './video-statistics-view.tsx';

const statistics: CoursewareQuizStatistics = {
  quiz_id: 70,
  summary: { studentsCount: 3, submitterCount: 2 },
  subjects: [
    {
      subject: { id: 1, type: 'single_selection', description: '<p>Cost of one loop?</p>', sort: 1 },
      submitterCount: 2,
      correctCount: 1,
      options: [
        { id: 11, sort: 0, content: 'O(n)', isAnswer: true, chosenCount: 1 },
        { id: 12, sort: 1, content: 'O(1)', isAnswer: false, chosenCount: 1 },
      ],
    },
  ],
};

function renderView(courseType: number, manage: boolean) {
  mockApi({
    'GET /api/courseware-quiz/activity/500/quizzes': () =>
      jsonResponse(
        makeQuizList({
          quizzes: [makeQuiz({ title: 'Loops', submission_count: manage ? 2 : null })],
          can_submit: !manage,
          can_manage: manage,
        }),
      ),
    'GET /api/courseware-quiz/quiz/70/statistics': () => jsonResponse(statistics),
    'GET /api/course/5/subject-libs': () => jsonResponse({ subject_libs: [] }),
  });
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: (
          <VideoStatisticsView
            activityId={500}
            courseId={5}
            courseType={courseType}
            panel={<p>Comment and question panel</p>}
          />
        ),
      },
    ],
    '/course/5/activity/500',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the online video’s statistics view', () => {
  it(
    'gives the team of a blueprint course (type 13) one Questions tab with the quiz statistics open',
    {
      timeout: 60_000,
    },
    async () => {
      renderView(13, true);
      expect(await screen.findByText('2 of 3 students answered', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Questions']);
      expect(screen.getByText('1 of 2 right')).toBeTruthy();
      expect(screen.getByText('00:00:30 · Loops')).toBeTruthy();
      expect(screen.queryByText('Comment and question panel')).toBeNull();
    },
  );

  it(
    'keeps the comment-and-question panel in other courses and for students',
    { timeout: 60_000 },
    async () => {
      const { unmount } = renderView(1, true);
      expect(await screen.findByText('Comment and question panel', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByRole('tab', { name: 'Questions' })).toBeNull();
      unmount();
      renderView(13, false);
      expect(await screen.findByText('Comment and question panel', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByText('2 of 3 students answered')).toBeNull();
    },
  );
});
