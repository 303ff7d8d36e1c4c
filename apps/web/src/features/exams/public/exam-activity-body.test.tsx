import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeExamActivity, makePaper, makeQualification, makeSubject } from '../test/taking-fixtures.ts';
import { ExamActivityBody } from './exam-activity-body.tsx';

function renderBody(activity: Activity) {
  return renderRoutes(
    [
      { path: '/course/:courseId/activity/:activityId', element: <ExamActivityBody activity={activity} /> },
      { path: '/exam/:id/take', element: <p>take page</p> },
    ],
    '/course/5/activity/300',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ExamActivityBody for a student', () => {
  it('shows the window, attempts, released score and a way to resume', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/exam/300/check-exam-qualification': () =>
        jsonResponse(
          makeQualification({ submit_times: 2, submission_count: 1, remaining_times: 1, has_draft: true }),
        ),
      'GET /api/exams/300/submissions': () =>
        jsonResponse({
          submissions: [
            {
              id: 700,
              exam_id: 300,
              instance_id: 900,
              examinee: { id: 20, user_no: 's001', name: 'Wang Fang' },
              group_id: null,
              attempt: 1,
              is_makeup_exam: false,
              submitted_at: '2026-03-01T09:00:00.000Z',
              score: 72.5,
              mark_status: 'marked',
            },
          ],
          score: 72.5,
          score_released: true,
          answers_released: false,
        }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderBody(makeExamActivity());

    expect(await screen.findByText('1 of 2 used', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('2026-03-01 08:00:00 – 2026-03-01 10:00:00')).toBeTruthy();
    expect(await screen.findByText('Score 72.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/exam/300/result?submission=700',
    );

    await user.click(screen.getByRole('link', { name: /Resume the exam/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/300/take'));
  });

  it('says in words why the exam cannot be started', async () => {
    mockApi({
      'GET /api/exam/300/check-exam-qualification': () =>
        jsonResponse(
          makeQualification({
            qualified: false,
            reason: 'closed',
            message: 'This exam has ended and no longer accepts answers. Answers saved earlier are kept.',
          }),
        ),
      'GET /api/exams/300/submissions': () =>
        jsonResponse({ submissions: [], score: null, score_released: false, answers_released: false }),
    });
    renderBody(makeExamActivity({ status: 'expired', is_closed: true }));

    expect(
      await screen.findByText(
        'This exam has ended and no longer accepts answers. Answers saved earlier are kept.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Start the exam|Resume the exam/ })).toBeNull();
  });
});

describe('ExamActivityBody for the teaching team', () => {
  it('links to the editor, marking and the score export, and lists retake records', async () => {
    mockApi({
      'GET /api/exams/300/retake-record': () =>
        jsonResponse({ items: [], page: 1, page_size: 10, pages: 1, total: 0 }),
    });
    const user = userEvent.setup({ delay: null });
    renderBody(makeExamActivity({ can_edit: true }));

    expect(screen.getByRole('link', { name: /Edit questions/ }).getAttribute('href')).toBe(
      '/exam/300/subjects',
    );
    expect(screen.getByRole('link', { name: /Mark/ }).getAttribute('href')).toBe('/exam/300/marking');
    expect(screen.getByRole('link', { name: /Download scores/ }).getAttribute('href')).toBe(
      '/api/exams/300/scores.csv',
    );
    await user.click(screen.getByRole('button', { name: /Retake records/ }));
    expect(await screen.findByText('Nobody has been let retake this exam.')).toBeTruthy();
  });
});

function classroomState(overrides: Partial<ClassroomState> = {}): ClassroomState {
  const question = makePaper().find((s) => s.id === 2)!;
  return {
    exam_id: 400,
    released: {
      subject: question,
      is_open: true,
      released_at: '2026-03-01T08:10:00.000Z',
      closed_at: null,
      correct_option_ids: [22],
    },
    student_count: 30,
    answer_count: 12,
    option_counts: [
      { option_id: 21, count: 4 },
      { option_id: 22, count: 8 },
    ],
    correct_count: 8,
    my_answer: null,
    releases: [{ subject_id: 2, released_at: '2026-03-01T08:10:00.000Z', closed_at: null, answer_count: 12 }],
    ...overrides,
  };
}

describe('ExamActivityBody for a classroom quiz', () => {
  it(
    'lets the instructor close the released question and see the answers per option',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        'GET /api/classroom-exams/400/state': () => jsonResponse(classroomState()),
        'GET /api/classroom-exams/400/subjects': () =>
          jsonResponse({
            subjects: [
              makeSubject({
                id: 2,
                type: 'single_selection',
                description: '<p>Which structure is LIFO?</p>',
                point: 10,
                answer: null,
                options: [
                  { id: 21, sort: 0, content: 'Queue', is_answer: false },
                  { id: 22, sort: 1, content: 'Stack', is_answer: true },
                ],
              }),
              makeSubject({
                id: 3,
                type: 'true_or_false',
                description: '<p>Heaps are trees.</p>',
                answer: null,
              }),
            ],
          }),
        'POST /api/classroom-exams/400/subjects/2/close': () =>
          jsonResponse(classroomState({ released: { ...classroomState().released!, is_open: false } })),
      });
      const user = userEvent.setup({ delay: null });
      renderBody(makeExamActivity({ id: 400, type: 'classroom_exam', can_edit: true }));

      expect(await screen.findByText('12 of 30 answered', {}, { timeout: 15_000 })).toBeTruthy();
      const counts = screen.getByRole('list', { name: 'Answers per option' });
      expect(
        within(counts)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('4'), expect.stringContaining('8')]);
      expect(await screen.findByRole('button', { name: 'Release Question 2' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close Question 1' }));
      expect(await screen.findByText('Closed')).toBeTruthy();
      expect(
        sentRequests(fetchMock)
          .filter((r) => r.method === 'POST')
          .map((r) => r.url),
      ).toEqual(['/api/classroom-exams/400/subjects/2/close']);
    },
  );

  it('shows a student only the released question and sends their answer', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/classroom-exams/400/state': () =>
        jsonResponse(
          classroomState({
            option_counts: null,
            correct_count: null,
            answer_count: 0,
            releases: [],
            released: { ...classroomState().released!, correct_option_ids: null },
          }),
        ),
      'POST /api/classroom/400/submit/2': () =>
        jsonResponse({
          subject_id: 2,
          answer_option_ids: [22],
          answer: null,
          answers: [],
          submitted_at: '2026-03-01T08:11:00.000Z',
          is_correct: null,
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderBody(makeExamActivity({ id: 400, type: 'classroom_exam' }));

    expect(await screen.findByText('Which structure is LIFO?', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Answers per option' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Stack/ }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/classroom/400/submit/2')).toEqual([
        { answer_option_ids: [22], answer: null, answers: [] },
      ]),
    );
    expect(await screen.findByText('Answer submitted')).toBeTruthy();
  });

  describe('with the push stream', () => {
    installFakeEventSource();

    it('shows a released question as soon as it is pushed; answer counts do not make phones refetch', async () => {
      let released = false;
      const fetchMock = mockApi({
        'GET /api/classroom-exams/400/state': () =>
          jsonResponse(
            classroomState({
              option_counts: null,
              correct_count: null,
              releases: [],
              released: released ? { ...classroomState().released!, correct_option_ids: null } : null,
            }),
          ),
      });
      renderBody(makeExamActivity({ id: 400, type: 'classroom_exam', course_id: 5 }));
      expect(await screen.findByText('Waiting for the instructor to release a question…')).toBeTruthy();

      released = true;
      FakeEventSource.last?.emit({
        course_id: 5,
        type: 'classroom.release_changed',
        data: { exam_id: 400, subject_id: 2, is_open: true },
      });
      expect(await screen.findByText('Which structure is LIFO?')).toBeTruthy();
      const stateCalls = () => sentRequests(fetchMock).filter((r) => r.url.endsWith('/state')).length;
      const before = stateCalls();
      FakeEventSource.last?.emit({
        course_id: 5,
        type: 'exam.answers_changed',
        data: { exam_id: 400, subject_id: 2 },
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stateCalls()).toBe(before);
    });
  });
});
