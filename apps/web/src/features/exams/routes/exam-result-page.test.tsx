import type { ExamSubmissionsResponse } from '@lectern/contracts/exams/exam-taking.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeExam, makeSubmissionDetail } from '../test/taking-fixtures.ts';
import { ExamResultPage } from './exam-result-page.tsx';

function list(overrides: Partial<ExamSubmissionsResponse> = {}): ExamSubmissionsResponse {
  return {
    submissions: [
      {
        id: 700,
        exam_id: 300,
        instance_id: 900,
        examinee: { id: 20, user_no: 's001', name: 'Wang Fang' },
        group_id: null,
        attempt: 1,
        is_makeup_exam: false,
        submitted_at: '2026-03-02T09:00:00.000Z',
        score: 15,
        mark_status: 'marked',
      },
    ],
    score: 15,
    score_released: true,
    answers_released: true,
    ...overrides,
  };
}

function renderPage() {
  return renderRoutes([{ path: '/exam/:id/result', element: <ExamResultPage /> }], '/exam/300/result');
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ExamResultPage', () => {
  it('shows the score, each question’s score, the right answers and the comment once released', async () => {
    mockApi({
      'GET /api/exams/300': () => jsonResponse(makeExam()),
      'GET /api/exams/300/submissions': () => jsonResponse(list()),
      'GET /api/exams/300/submissions/700': () => jsonResponse(makeSubmissionDetail()),
    });
    renderPage();

    expect(await screen.findByText('Score: 15 / 100', {}, { timeout: 15_000 })).toBeTruthy();
    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    expect(within(q1).getByText('0 / 10')).toBeTruthy();
    expect(within(q1).getByText('Your choice')).toBeTruthy();
    expect(within(q1).getByText('Correct')).toBeTruthy();
    expect(within(q1).getByText('A stack is last in, first out.')).toBeTruthy();
    const q2 = screen.getByRole('region', { name: 'Question 2' });
    expect(within(q2).getByText('15 / 20')).toBeTruthy();
    expect(within(q2).getByText('It calls itself.')).toBeTruthy();
    expect(within(q2).getByText('A function that calls itself on a smaller input.')).toBeTruthy();
    expect(screen.getByText('Good effort.')).toBeTruthy();
  });

  it('hides scores and right answers the exam has not released', async () => {
    mockApi({
      'GET /api/exams/300': () => jsonResponse(makeExam()),
      'GET /api/exams/300/submissions': () =>
        jsonResponse(
          list({
            score: null,
            score_released: false,
            answers_released: false,
            submissions: [{ ...list().submissions[0]!, score: null }],
          }),
        ),
      'GET /api/exams/300/submissions/700': () =>
        jsonResponse(
          makeSubmissionDetail({
            score: null,
            score_data: null,
            score_released: false,
            answers_released: false,
            correct_answers_data: null,
          }),
        ),
    });
    renderPage();

    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    expect(screen.getAllByText('Scores are not released yet.').length).toBeGreaterThan(0);
    expect(screen.getByText('The correct answers are not released yet.')).toBeTruthy();
    // The student's own answer is there; nothing that gives the right one away is.
    expect(within(q1).getByText('Your choice')).toBeTruthy();
    expect(within(q1).queryByText('Correct')).toBeNull();
    expect(within(q1).queryByText(/\/ 10/)).toBeNull();
    expect(screen.queryByText('A stack is last in, first out.')).toBeNull();
    expect(screen.queryByText('Reference answer')).toBeNull();
    expect(screen.queryByText(/Score: /)).toBeNull();
  });
});
