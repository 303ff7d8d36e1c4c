import type { DistributeResponse, QualificationResponse } from '@lectern/contracts/exams/exam-taking.schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
  type FetchMock,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  makeDistribute,
  makeExam,
  makePaper,
  makeQualification,
  makeSubmitResponse,
} from '../test/taking-fixtures.ts';
import { ExamTakePage } from './exam-take-page.tsx';

/** A short paper: one single choice (id 2) and one short answer (id 7). */
const shortPaper = () => makePaper().filter((s) => s.id === 2 || s.id === 7);

function routes(options: {
  paper?: Partial<DistributeResponse>;
  qualification?: Partial<QualificationResponse>;
  submit?: (body: unknown) => Response;
}): ApiRoutes {
  return {
    'GET /api/exams/300': () => jsonResponse(makeExam()),
    'GET /api/exam/300/check-exam-qualification': () =>
      jsonResponse(makeQualification(options.qualification)),
    'GET /api/exams/300/distribute': () =>
      jsonResponse(makeDistribute({ subjects: shortPaper(), ...options.paper })),
    'POST /api/exams/300/submissions': (body) =>
      options.submit?.(body) ??
      jsonResponse(makeSubmitResponse((body as { exam_finished: boolean }).exam_finished)),
  };
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/exam/:id/take', element: <ExamTakePage /> },
      { path: '/exam/:id/result', element: <p>result page</p> },
      { path: '/course/:courseId/activity/:activityId', element: <p>activity page</p> },
    ],
    '/exam/300/take',
  );
}

const submissions = (fetchMock: FetchMock) =>
  sentBodies(fetchMock, 'POST /api/exams/300/submissions') as {
    exam_paper_instance_id: number;
    exam_finished: boolean;
    subjects: unknown[];
  }[];

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('ExamTakePage', () => {
  it('saves a draft about 2 s after a change and says when it was saved', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(routes({}));
    const user = userEvent.setup({ delay: null });
    renderPage();

    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    expect(screen.getByText('Answers are saved automatically as you work.')).toBeTruthy();
    await user.click(within(q1).getByRole('radio', { name: /Stack/ }));
    // Nothing goes out while the student may still be changing their mind.
    expect(submissions(fetchMock)).toEqual([]);

    await waitFor(() => expect(submissions(fetchMock)).toHaveLength(1));
    expect(submissions(fetchMock)[0]).toEqual({
      exam_paper_instance_id: 900,
      exam_finished: false,
      subjects: [
        { subject_id: 2, parent_id: null, answer_option_ids: [22], answer: null, answers: [] },
        { subject_id: 7, parent_id: null, answer_option_ids: [], answer: null, answers: [] },
      ],
    });
    expect(await screen.findByText(/^Saved at \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
  });

  it('resumes a reloaded attempt from its draft', { timeout: 60_000 }, async () => {
    mockApi(
      routes({
        qualification: { has_draft: true },
        paper: {
          draft_data: [
            { subject_id: 2, parent_id: null, answer_option_ids: [22], answer: null, answers: [] },
            { subject_id: 7, parent_id: null, answer_option_ids: [], answer: 'Half written', answers: [] },
          ],
          draft_saved_at: '2026-03-02T08:30:05.000Z',
        },
      }),
    );
    renderPage();

    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    expect((within(q1).getByRole('radio', { name: /Stack/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      (within(screen.getByRole('region', { name: 'Question 2' })).getByRole('textbox') as HTMLTextAreaElement)
        .value,
    ).toBe('Half written');
    expect(screen.getByText('Saved at 08:30:05')).toBeTruthy();
    expect(screen.getByText(/2 of 2 answered/)).toBeTruthy();
  });

  it(
    'counts answered questions, jumps to one, and confirms the hand-in with the unanswered count',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(routes({}));
      const user = userEvent.setup({ delay: null });
      const { router } = renderPage();

      const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      const navigator = screen.getByRole('navigation', { name: 'Questions' });
      expect(within(navigator).getByText('0 of 2 answered · 2 unanswered')).toBeTruthy();
      await user.click(within(q1).getByRole('radio', { name: /Queue/ }));
      expect(within(navigator).getByText('1 of 2 answered · 1 unanswered')).toBeTruthy();
      expect(within(navigator).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
      await user.click(within(navigator).getByRole('button', { name: 'Question 2, unanswered' }));
      expect(document.activeElement?.id).toBe('exam-question-7');

      await user.click(screen.getByRole('button', { name: 'Hand in' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('1 question is still unanswered.')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Hand in' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/exam/300/result'));
      const final = submissions(fetchMock).filter((body) => body.exam_finished);
      expect(final).toEqual([
        {
          exam_paper_instance_id: 900,
          exam_finished: true,
          subjects: [
            { subject_id: 2, parent_id: null, answer_option_ids: [21], answer: null, answers: [] },
            { subject_id: 7, parent_id: null, answer_option_ids: [], answer: null, answers: [] },
          ],
        },
      ]);
    },
  );

  it('keeps every answer on screen when the server refuses the hand-in', { timeout: 60_000 }, async () => {
    mockApi(
      routes({
        submit: (body) =>
          (body as { exam_finished: boolean }).exam_finished
            ? errorResponse(409, 'conflict', 'This exam has ended and no longer accepts answers.')
            : jsonResponse(makeSubmitResponse(false)),
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage();

    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    await user.click(within(q1).getByRole('radio', { name: /Stack/ }));
    const answer = within(screen.getByRole('region', { name: 'Question 2' })).getByRole('textbox');
    await user.click(answer);
    await user.paste('Recursion repeats.');
    await user.click(screen.getByRole('button', { name: 'Hand in' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hand in' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/This exam has ended and no longer accepts answers\./)).toBeTruthy();
    expect(within(alert).getByText(/Your answers are still here/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exam/300/take');
    expect((within(q1).getByRole('radio', { name: /Stack/ }) as HTMLInputElement).checked).toBe(true);
    expect((answer as HTMLTextAreaElement).value).toBe('Recursion repeats.');
    // The hand-in can be tried again.
    expect((screen.getByRole('button', { name: 'Hand in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it(
    'says when the connection is lost and hands the paper in once it is back',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(routes({}));
      const user = userEvent.setup({ delay: null });
      const { router } = renderPage();

      const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      expect(screen.queryByText('You are offline')).toBeNull();
      act(() => onlineManager.setOnline(false));
      expect(await screen.findByText('You are offline')).toBeTruthy();
      await user.click(within(q1).getByRole('radio', { name: /Stack/ }));
      await user.click(screen.getByRole('button', { name: 'Hand in' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hand in' }));
      // Nothing can go out: the hand-in waits, and the page says why.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(submissions(fetchMock).filter((body) => body.exam_finished)).toEqual([]);
      expect(router.state.location.pathname).toBe('/exam/300/take');
      expect(screen.getByText(/sent by themselves as soon as the connection is back/)).toBeTruthy();

      act(() => onlineManager.setOnline(true));
      await waitFor(() => expect(router.state.location.pathname).toBe('/exam/300/result'));
      const final = submissions(fetchMock).filter((body) => body.exam_finished);
      expect(final).toHaveLength(1);
      expect(final[0]!.subjects[0]).toMatchObject({ subject_id: 2, answer_option_ids: [22] });
    },
  );

  it('hands the paper in by itself when the time runs out', { timeout: 60_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const endTime = new Date(Date.now() + 60_000).toISOString();
    const fetchMock = mockApi(routes({ paper: { end_time: endTime } }));
    const { router } = renderPage();

    const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
    fireEvent.click(within(q1).getByRole('radio', { name: /Stack/ }));
    expect(screen.getByRole('timer', { name: 'Time left' })).toBeTruthy();
    // Under five minutes left: the page warns.
    expect(screen.getByText(/The exam ends soon/)).toBeTruthy();
    expect(submissions(fetchMock).some((body) => body.exam_finished)).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(60_000));

    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/300/result'));
    const final = submissions(fetchMock).filter((body) => body.exam_finished);
    expect(final).toHaveLength(1);
    expect(final[0]?.subjects[0]).toEqual({
      subject_id: 2,
      parent_id: null,
      answer_option_ids: [22],
      answer: null,
      answers: [],
    });
  });

  it('says in words why the exam cannot be taken and hands out no paper', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(
      routes({
        qualification: {
          qualified: false,
          reason: 'no_attempts_left',
          message: 'You have used all your attempts at this exam.',
          submission_count: 1,
          remaining_times: 0,
        },
      }),
    );
    renderPage();

    expect(await screen.findByText('You cannot take this exam now', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('You have used all your attempts at this exam.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the exam/ }).getAttribute('href')).toBe(
      '/course/5/activity/300',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/distribute'))).toBe(false);
  });

  it(
    'shows one question at a time with previous and next when the exam asks for it',
    { timeout: 60_000 },
    async () => {
      mockApi(routes({ paper: { display_mode: 'one_by_one' } }));
      const user = userEvent.setup({ delay: null });
      renderPage();

      expect(await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Question 2' })).toBeNull();
      expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('region', { name: 'Question 2' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Question 1' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Question 1, unanswered' }));
      expect(screen.getByRole('region', { name: 'Question 1' })).toBeTruthy();
    },
  );

  it(
    'numbers questions as the editor and marking do: the text block before them takes no number',
    { timeout: 60_000 },
    async () => {
      mockApi(routes({ paper: { subjects: makePaper().filter((s) => [1, 2, 3].includes(s.id)) } }));
      renderPage();
      const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      expect(within(q1).getByText('Which structure is LIFO?')).toBeTruthy();
      expect(screen.getByText('Part one: read carefully.')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Question 2' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Question 3' })).toBeNull();
      // Radios and checkboxes are laid out by the option rows' own class (first-line alignment).
      expect(within(q1).getByRole('radiogroup').className).toContain('exam-choice-options');
    },
  );

  it(
    'hands in options ticked a moment before, and asks for no paper after the hand-in',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(routes({ paper: { subjects: makePaper().filter((s) => s.id === 3) } }));
      const { router } = renderPage();
      const q1 = await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      // Two ticks and the hand-in at once, long before the 2 s draft save.
      fireEvent.click(within(q1).getByRole('checkbox', { name: /Array/ }));
      fireEvent.click(within(q1).getByRole('checkbox', { name: /Linked list/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hand in' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/exam/300/result'));
      const final = submissions(fetchMock).filter((body) => body.exam_finished);
      expect(final).toHaveLength(1);
      expect(final[0]?.subjects).toEqual([
        { subject_id: 3, parent_id: null, answer_option_ids: [31, 33], answer: null, answers: [] },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const distributes = fetchMock.mock.calls.filter(([url]) => String(url).includes('/distribute'));
      expect(distributes).toHaveLength(1);
    },
  );

  it(
    'shows no countdown for a week-long window without a time limit, only when it closes',
    { timeout: 60_000 },
    async () => {
      const endTime = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
      mockApi(routes({ paper: { end_time: endTime, deadline: endTime, remaining_seconds: 7 * 24 * 3600 } }));
      renderPage();
      await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      expect(screen.queryByRole('timer')).toBeNull();
      expect(screen.getByText(/^Open until \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeTruthy();
    },
  );

  it(
    'counts down a time limit from the server’s remaining seconds, whatever the local clock says',
    { timeout: 60_000 },
    async () => {
      mockApi(
        routes({
          paper: {
            // The student's clock is a day off: the deadline as a date would look far away.
            end_time: null,
            deadline: new Date(Date.now() + 24 * 3600_000).toISOString(),
            time_limit_minutes: 30,
            remaining_seconds: 20 * 60,
          },
        }),
      );
      renderPage();
      await screen.findByRole('region', { name: 'Question 1' }, { timeout: 15_000 });
      const timer = screen.getByRole('timer', { name: 'Time left' });
      expect(within(timer).getByText(/^19:5\d$/)).toBeTruthy();
    },
  );
});
