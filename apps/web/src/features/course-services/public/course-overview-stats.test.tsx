import type { CourseOverviewStats as Stats } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseOverviewStats } from './course-overview-stats.tsx';

const STATS: Stats = {
  course_id: 42,
  student_count: 36,
  active_students_last_7_days: 21,
  activity_count: 12,
  published_activity_count: 10,
  activities_by_type: [
    { type: 'homework', count: 5, published_count: 4 },
    { type: 'exam', count: 2, published_count: 2 },
  ],
  average_completion_rate: 0.625,
  submissions_to_mark: 7,
  homework_to_mark: 5,
  exams_to_mark: 2,
  average_exam_score: 78.4,
  exam_submission_count: 40,
  period: {
    start_date: '2027-02-20',
    end_date: '2027-06-30',
    total_days: 131,
    elapsed_days: 15,
    hand_ins: 88,
  },
};

function renderCards(respond: () => Response) {
  mockApi({ 'GET /api/stat/courses/42/overview': respond });
  renderRoutes([{ path: '*', element: <CourseOverviewStats courseId={42} /> }], '/');
}

const card = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseOverviewStats', () => {
  it('shows the figures as a row of small cards', async () => {
    renderCards(() => jsonResponse(STATS));
    const list = await screen.findByRole('list', undefined, { timeout: 15_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(card('Students')).getByText('36')).toBeTruthy();
    expect(within(card('Students')).getByText('21 active in the last 7 days')).toBeTruthy();
    expect(within(card('Activities')).getByText('10 of 12 published')).toBeTruthy();
    expect(within(card('Activities')).getByText('Homework 5 · Exam 2')).toBeTruthy();
    expect(within(card('Average completion')).getByText('62.5%')).toBeTruthy();
    expect(within(card('To mark')).getByText('7')).toBeTruthy();
    expect(within(card('To mark')).getByText('Homework 5 · Exams 2')).toBeTruthy();
    expect(within(card('Average exam score')).getByText('78.4%')).toBeTruthy();
    expect(within(card('Course period')).getByText('Day 15 of 131')).toBeTruthy();
    expect(within(card('Course period')).getByText('88 hand-ins so far')).toBeTruthy();
  });

  it('shows a dash where there is nothing to average yet', async () => {
    renderCards(() =>
      jsonResponse({
        ...STATS,
        average_completion_rate: null,
        average_exam_score: null,
        exam_submission_count: 0,
        period: { start_date: null, end_date: null, total_days: null, elapsed_days: null, hand_ins: 0 },
      }),
    );
    await screen.findByRole('list', undefined, { timeout: 15_000 });
    expect(within(card('Average completion')).getByText('—')).toBeTruthy();
    expect(within(card('Average exam score')).getByText('—')).toBeTruthy();
    expect(within(card('Course period')).getByText('—')).toBeTruthy();
  });

  it('says when the figures could not be read', async () => {
    renderCards(() => errorResponse(500, 'internal', 'Something went wrong on our side.'));
    expect(
      await screen.findByText('Something went wrong on our side.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
