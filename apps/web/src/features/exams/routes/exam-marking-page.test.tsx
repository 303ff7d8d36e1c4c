import type { ExamSubmissionDetail } from '@lectern/contracts/exams/exam-taking.schemas';
import type { MarkingExaminee } from '@lectern/contracts/exams/marking.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeExam, makeSubject, makeSubmissionDetail } from '../test/taking-fixtures.ts';
import { ExamMarkingPage } from './exam-marking-page.tsx';

function examinee(overrides: Partial<MarkingExaminee>): MarkingExaminee {
  return {
    id: 20,
    user_no: 's001',
    name: 'Wang Fang',
    mark_status: 'unmarked',
    submission_count: 1,
    latest_submission_id: 700,
    score: null,
    total_score: null,
    submitted_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** Wang Fang's paper: the single choice auto-graded 0, the short answer awaiting marking. */
function unmarkedPaper(): ExamSubmissionDetail {
  return makeSubmissionDetail({
    score: null,
    auto_score: 0,
    mark_status: 'unmarked',
    comment_data: null,
    score_data: [
      { subject_id: 2, parent_id: null, score: 0, auto: true, correct: false },
      { subject_id: 7, parent_id: null, score: null, auto: false, correct: null },
    ],
  });
}

function markingRoutes(overrides: ApiRoutes = {}): ApiRoutes {
  let paper = unmarkedPaper();
  return {
    'GET /api/exams/300': () => jsonResponse(makeExam({ can_edit: true })),
    'GET /api/exams/300/subjective-questions': () => jsonResponse({ subjects: [makeSubject()] }),
    // The whole paper: a text block, then a single choice, then the short answer (question 2).
    'GET /api/exams/300/subjects': () =>
      jsonResponse({
        subjects: [
          makeSubject({ id: 1, type: 'paragraph_desc', description: '<p>Part one</p>', point: 0 }),
          makeSubject({ id: 2, type: 'single_selection', description: '<p>Which is LIFO?</p>', point: 10 }),
          makeSubject(),
        ],
      }),
    'GET /api/exams/300/subjects/7/examinees/22/submissions': () => jsonResponse({ submissions: [] }),
    'GET /api/exams/300/subjects/7/examinees': () =>
      jsonResponse({
        examinees: [
          examinee({}),
          examinee({ id: 21, user_no: 's002', name: 'Zhao Lei', mark_status: 'marked', score: 17 }),
          examinee({
            id: 22,
            user_no: 's003',
            name: 'Sun Li',
            mark_status: 'unsubmitted',
            submission_count: 0,
            latest_submission_id: null,
          }),
        ],
      }),
    'GET /api/exams/300/subjects/7/examinees/20/submissions': () => jsonResponse({ submissions: [paper] }),
    'POST /api/exams/300/give-score': (body) => {
      const { score } = body as { score: number };
      paper = {
        ...paper,
        score,
        mark_status: 'marked',
        score_data: paper.score_data!.map((s) => (s.subject_id === 7 ? { ...s, score } : s)),
      };
      return jsonResponse(paper);
    },
    ...overrides,
  };
}

function renderPage() {
  return renderRoutes([{ path: '/exam/:id/marking', element: <ExamMarkingPage /> }], '/exam/300/marking');
}

/** The examinee list, once the exam, its questions and its examinees have loaded (slow on a busy machine). */
function findStudents() {
  return screen.findByRole('menu', { name: 'Students' }, { timeout: 15_000 });
}

async function openWangFang(user: ReturnType<typeof userEvent.setup>) {
  const list = await findStudents();
  await user.click(within(list).getByText('Wang Fang'));
  return screen.findByRole('region', { name: "Student's answer" });
}

/** Enters a score as typing it would end (antd's number input reads the whole value) and saves it. */
function typeScore(value: string) {
  const input = screen.getByRole('spinbutton', { name: 'Score' });
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save score' }));
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ExamMarkingPage', () => {
  it(
    'shows the answer beside the reference and keeps a score within the question’s points',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(markingRoutes());
      const user = userEvent.setup({ delay: null });
      renderPage();

      const answer = await openWangFang(user);
      expect(within(answer).getByText('It calls itself.')).toBeTruthy();
      const reference = screen.getByRole('region', { name: 'Reference answer' });
      expect(within(reference).getByText('A function that calls itself on a smaller input.')).toBeTruthy();

      typeScore('25');
      expect(await screen.findByText("The score cannot be more than the question's 20 points.")).toBeTruthy();
      typeScore('12.55');
      expect(
        await screen.findByText('Enter a number of at least 0 with at most one decimal place.'),
      ).toBeTruthy();
      typeScore('-1');
      expect(
        await screen.findByText('Enter a number of at least 0 with at most one decimal place.'),
      ).toBeTruthy();
      expect(sentBodies(fetchMock, 'POST /api/exams/300/give-score')).toEqual([]);
    },
  );

  it('saves a score and shows the submission’s recalculated total', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(markingRoutes());
    const user = userEvent.setup({ delay: null });
    renderPage();

    await openWangFang(user);
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe(
      'Awaiting marking (graded so far: 0)',
    );
    typeScore('18');
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/exams/300/give-score')).toEqual([
        { submission_id: 700, subject_id: 7, score: 18 },
      ]),
    );
    expect(await screen.findByText('Score saved')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('18'));
  });

  it('puts the server’s message under the score it refused', { timeout: 60_000 }, async () => {
    mockApi(
      markingRoutes({
        'POST /api/exams/300/give-score': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            score: ['The score cannot be more than the question’s 20 points.'],
          }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();

    await openWangFang(user);
    typeScore('19.5');

    const item = screen.getByRole('spinbutton', { name: 'Score' }).closest('.ant-form-item') as HTMLElement;
    expect(
      await within(item).findByText('The score cannot be more than the question’s 20 points.'),
    ).toBeTruthy();
    expect(await screen.findByText('Some fields are invalid. Please check and try again.')).toBeTruthy();
  });

  it('saves the marker’s comment on the answer', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(
      markingRoutes({
        'PUT /api/exams/300/submissions/700/comment': () =>
          jsonResponse({
            ...unmarkedPaper(),
            comment_data: { comment: null, subject_comments: { '7': 'Cite an example.' } },
          }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();

    await openWangFang(user);
    const comment = screen.getByRole('textbox', { name: 'Comment on this answer' });
    expect(comment.getAttribute('maxlength')).toBe('2000');
    fireEvent.change(comment, { target: { value: 'Cite an example.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save comment' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/exams/300/submissions/700/comment')).toEqual([
        { comment: 'Cite an example.', subject_id: 7 },
      ]),
    );
    expect(await screen.findByText('Comment saved')).toBeTruthy();
  });

  it('marks a whole paper by student, with the paper comment', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(
      markingRoutes({
        'GET /api/exams/300/subjects/0/examinees': () =>
          jsonResponse({ examinees: [examinee({ mark_status: 'unmarked', score: null })] }),
        'GET /api/exams/300/subjects/0/examinees/20/submissions': () =>
          jsonResponse({ submissions: [unmarkedPaper()] }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();

    await findStudents();
    await user.click(screen.getByText('By student'));
    const list = await findStudents();
    await user.click(within(list).getByText('Wang Fang'));

    const q1 = await screen.findByRole('region', { name: 'Question 1' });
    // The auto-graded answer shows its score; only the short answer gets a score input.
    expect(within(q1).getByText('0 / 10')).toBeTruthy();
    expect(within(q1).queryByRole('spinbutton')).toBeNull();
    const q2 = screen.getByRole('region', { name: 'Question 2' });
    expect(within(q2).getByRole('spinbutton', { name: 'Score' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment on the paper' })).toBeTruthy();
    fireEvent.change(within(q2).getByRole('spinbutton', { name: 'Score' }), { target: { value: '20' } });
    fireEvent.click(within(q2).getByRole('button', { name: 'Save score' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/exams/300/give-score')).toEqual([
        { submission_id: 700, subject_id: 7, score: 20 },
      ]),
    );
  });

  it('filters marked and unmarked examinees and steps to the next one', { timeout: 60_000 }, async () => {
    mockApi(markingRoutes());
    const user = userEvent.setup({ delay: null });
    renderPage();

    const list = await findStudents();
    expect(within(list).getByText('Sun Li')).toBeTruthy();
    await user.click(screen.getByText('Unmarked 1'));
    const unmarked = screen.getByRole('menu', { name: 'Students' });
    expect(within(unmarked).getByText('Wang Fang')).toBeTruthy();
    expect(within(unmarked).queryByText('Zhao Lei')).toBeNull();
    await user.click(screen.getByText('Marked 1'));
    const marked = screen.getByRole('menu', { name: 'Students' });
    expect(within(marked).getByText('Zhao Lei')).toBeTruthy();
    expect(within(marked).queryByText('Wang Fang')).toBeNull();

    await user.click(screen.getByText('All 3'));
    await user.click(within(screen.getByRole('menu', { name: 'Students' })).getByText('Wang Fang'));
    expect(await screen.findByRole('heading', { name: 'Wang Fang' })).toBeTruthy();
    // Next steps through everyone listed, someone who handed nothing in included.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Zhao Lei' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Sun Li' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it(
    'is read-only for someone who may not mark (e.g. viewing as a student)',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(
        markingRoutes({ 'GET /api/exams/300': () => jsonResponse(makeExam({ can_edit: false })) }),
      );
      const user = userEvent.setup({ delay: null });
      renderPage();

      expect(await screen.findByText(/without the right to change it/)).toBeTruthy();
      await openWangFang(user);
      expect((screen.getByRole('spinbutton', { name: 'Score' }) as HTMLInputElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Save score' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: /Let retake/ }) as HTMLButtonElement).disabled).toBe(true);
      expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    },
  );

  it(
    'counts who handed in, opens anyone, and numbers the question as the paper does',
    { timeout: 60_000 },
    async () => {
      mockApi(markingRoutes());
      const user = userEvent.setup({ delay: null });
      renderPage();

      const list = await findStudents();
      expect(screen.getByText('2 of 3 handed in')).toBeTruthy();
      // Someone who handed nothing in is not greyed out: the instructor may open them.
      const sunLi = within(list).getByText('Sun Li').closest('[role="menuitem"]');
      expect(sunLi?.getAttribute('aria-disabled')).not.toBe('true');
      await user.click(within(list).getByText('Sun Li'));
      expect(await screen.findByRole('heading', { name: 'Sun Li' })).toBeTruthy();
      expect(await screen.findByText('Nothing handed in yet.')).toBeTruthy();
      // The text block takes no number: the short answer is question 2, as on the taking page.
      await waitFor(() => expect(screen.getByTitle('2. Explain recursion.')).toBeTruthy());
    },
  );
});
