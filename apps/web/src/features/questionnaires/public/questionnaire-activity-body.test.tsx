import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makePaper, makeQuestionnaireActivity, makeResults } from '../test/fixtures.ts';
import { QuestionnaireActivityBody } from './questionnaire-activity-body.tsx';

function renderBody(activity = makeQuestionnaireActivity()) {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <QuestionnaireActivityBody activity={activity} />,
      },
    ],
    '/course/5/activity/400',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

const submission = {
  subjects: [
    { subject_id: 1, answer_option_ids: [11], answer: null, answers: [] },
    { subject_id: 2, answer_option_ids: [20, 21], answer: null, answers: [] },
    { subject_id: 3, answer_option_ids: [], answer: 'Good course', answers: [] },
  ],
  submitted_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

describe('the student questionnaire page', () => {
  it('sends one answer per question and then offers to update them', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/questionnaire/400/distribute': () => jsonResponse(makePaper()),
      'POST /api/questionnaire/400/submissions': () => jsonResponse(submission),
    });
    const user = userEvent.setup({ delay: null });
    renderBody();

    const pace = await screen.findByRole('group', { name: /Question 1/ }, { timeout: 15_000 });
    expect(screen.getByText('This questionnaire is named: your instructors see your answers.')).toBeTruthy();
    await user.click(within(pace).getByRole('radio', { name: 'B. Fine' }));
    const helps = screen.getByRole('group', { name: /Question 2/ });
    await user.click(within(helps).getByRole('checkbox', { name: 'A. Labs' }));
    await user.click(within(helps).getByRole('checkbox', { name: 'B. Talks' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer to question 3' }), 'Good course');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/questionnaire/400/submissions')).toEqual([
        {
          subjects: [
            { subject_id: 1, answer_option_ids: [11] },
            { subject_id: 2, answer_option_ids: [20, 21] },
            { subject_id: 3, answer: 'Good course' },
          ],
        },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Update my answers' })).toBeTruthy();
    expect(screen.getByText('You can change your answers until the questionnaire closes.')).toBeTruthy();
  });

  it('shows the server’s refusal under the question it concerns', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/questionnaire/400/distribute': () => jsonResponse(makePaper({ is_anonymous: true })),
      'POST /api/questionnaire/400/submissions': () =>
        errorResponse(400, 'validation_failed', 'Some fields are invalid.', {
          'subjects.3': ['Answer this question.'],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderBody();
    expect(
      await screen.findByText(
        'This questionnaire is anonymous: nobody sees who answered what.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Answer this question.');
    const question = screen.getByRole('group', { name: /Question 3/ });
    expect(question.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('shows earlier answers read-only once the questionnaire has closed', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/questionnaire/400/distribute': () =>
        jsonResponse(makePaper({ status: 'ended', can_submit: false, submission })),
    });
    renderBody();
    const text = await screen.findByRole(
      'textbox',
      { name: 'Your answer to question 3' },
      { timeout: 15_000 },
    );
    expect((text as HTMLTextAreaElement).value).toBe('Good course');
    expect(text.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: 'B. Fine' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: /Submit|Update/ })).toBeNull();
    expect(screen.getByText('Closed')).toBeTruthy();
  });
});

describe('the instructor results page', () => {
  it('shows counts per option, written answers and who answered', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/questionnaire/400/distribute': () =>
        jsonResponse(makePaper({ can_submit: false, can_see_results: true })),
      'GET /api/questionnaire/400/results': () => jsonResponse(makeResults()),
    });
    renderBody(makeQuestionnaireActivity({ can_edit: true }));

    expect(await screen.findByText('4 of 30 students answered', {}, { timeout: 15_000 })).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Answers per option' });
    const fine = within(counts).getAllByRole('listitem')[1]!;
    expect(within(fine).getByText('B. Fine')).toBeTruthy();
    expect(within(fine).getByText('3 chose this')).toBeTruthy();
    expect(screen.getByText('More labs please')).toBeTruthy();
    const who = screen.getByRole('region', { name: 'Who answered' });
    expect(within(who).getByText('S021')).toBeTruthy();
    // The answering form is not offered to the teaching team.
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows no names in an anonymous questionnaire', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/questionnaire/400/distribute': () =>
        jsonResponse(makePaper({ can_submit: false, can_see_results: true, is_anonymous: true })),
      'GET /api/questionnaire/400/results': () =>
        jsonResponse(
          makeResults({
            is_anonymous: true,
            respondents: null,
            subjects: [
              {
                subject: { id: 3, type: 'short_answer', description: '<p>Anything else?</p>', sort: 3 },
                submitterCount: 1,
                options: [],
                text_answers: [{ content: 'More labs please', respondent: null }],
              },
            ],
          }),
        ),
    });
    renderBody(makeQuestionnaireActivity({ can_edit: true }));
    expect(await screen.findByText('More labs please', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Anonymous questionnaire: who answered is not shown.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Who answered' })).toBeNull();
  });

  it('copies a questionnaire library into the questionnaire', { timeout: 60_000 }, async () => {
    let resultsReads = 0;
    const fetchMock = mockApi({
      'GET /api/questionnaire/400/distribute': () =>
        jsonResponse(makePaper({ can_submit: false, can_see_results: true })),
      'GET /api/questionnaire/400/results': () => {
        resultsReads += 1;
        return jsonResponse(makeResults());
      },
      'GET /api/subject-libs': () =>
        jsonResponse({
          subject_libs: [
            {
              id: 70,
              title: 'Course feedback',
              lib_type: 'questionnaire',
              course_id: null,
              parent_id: null,
              owner: { id: 7, name: 'Li Wei' },
              subjects_count: 2,
              sort: 0,
              created_at: '2026-02-20T09:30:00.000Z',
              updated_at: '2026-02-20T09:30:00.000Z',
              children: [],
            },
          ],
        }),
      'POST /api/subject-libs/70/copy': () => jsonResponse({ subjects: [] }, 201),
    });
    const user = userEvent.setup({ delay: null });
    renderBody(makeQuestionnaireActivity({ can_edit: true }));
    const picker = await screen.findByRole(
      'combobox',
      { name: 'Questionnaire library' },
      { timeout: 15_000 },
    );
    await user.click(picker);
    await user.click(await screen.findByText('Course feedback (2 questions)'));
    await user.click(screen.getByRole('button', { name: 'Copy questions' }));
    await waitFor(() => {
      const sent = fetchMock.mock.calls.map(([input]) => String(input));
      expect(sent.some((url) => url.includes('/api/subject-libs/70/copy?questionnaireId=400'))).toBe(true);
    });
    // The results are read again with the new questions.
    await waitFor(() => expect(resultsReads).toBeGreaterThan(1));
  });
});

/** A stand-in for the browser's EventSource: the test plays the server's messages. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener() {}
  close() {}
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

describe('the instructor’s questions and live results', () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('moves and removes questions before anyone answered', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/questionnaire/400/distribute': () =>
        jsonResponse(makePaper({ can_submit: false, can_see_results: true, submission_count: 0 })),
      'GET /api/questionnaire/400/results': () => jsonResponse(makeResults()),
      'GET /api/subject-libs': () => jsonResponse({ subject_libs: [] }),
      'PUT /api/questionnaire/400/subjects/sort': () => jsonResponse({ subjects: makePaper().subjects }),
      'DELETE /api/questionnaire/400/subjects/3': () =>
        jsonResponse({ message: 'The question was removed.' }),
    });
    const user = userEvent.setup({ delay: null });
    renderBody(makeQuestionnaireActivity({ can_edit: true }));

    const questions = await screen.findByRole('region', { name: 'Questions (3)' }, { timeout: 15_000 });
    expect(
      within(questions).getByRole('button', { name: 'Move question 1 up' }).hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(questions).getByRole('button', { name: 'Move question 2 up' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/questionnaire/400/subjects/sort')).toEqual([
        { subject_ids: [2, 1, 3] },
      ]),
    );

    await user.click(within(questions).getByRole('button', { name: 'Remove question 3' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The question was removed.')).toBeTruthy();
    const removed = sentRequests(fetchMock).filter((r) => r.method === 'DELETE');
    expect(removed.map((r) => r.url)).toEqual(['/api/questionnaire/400/subjects/3']);
  });

  it(
    'locks the questions once students answered, and follows new answers live',
    { timeout: 60_000 },
    async () => {
      let resultsReads = 0;
      mockApi({
        'GET /api/questionnaire/400/distribute': () =>
          jsonResponse(makePaper({ can_submit: false, can_see_results: true, submission_count: 4 })),
        'GET /api/questionnaire/400/results': () => {
          resultsReads += 1;
          return jsonResponse(
            makeResults({ summary: { studentsCount: 30, submitterCount: resultsReads === 1 ? 4 : 5 } }),
          );
        },
      });
      renderBody(makeQuestionnaireActivity({ can_edit: true }));

      expect(await screen.findByText('4 of 30 students answered', {}, { timeout: 15_000 })).toBeTruthy();
      expect(
        screen.getByText('Students have answered: questions can no longer be removed, reordered or added.'),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Move question|Remove question/ })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Questionnaire library' })).toBeNull();

      await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/push/stream'));
      act(() =>
        FakeEventSource.last?.emit({
          course_id: 5,
          type: 'questionnaire.submitted',
          data: { activity_id: 401 },
        }),
      );
      expect(resultsReads).toBe(1);
      act(() =>
        FakeEventSource.last?.emit({
          course_id: 5,
          type: 'questionnaire.submitted',
          data: { activity_id: 400 },
        }),
      );
      expect(await screen.findByText('5 of 30 students answered')).toBeTruthy();
    },
  );
});
