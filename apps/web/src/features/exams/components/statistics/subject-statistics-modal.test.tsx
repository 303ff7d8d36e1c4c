import type { StatisticsRow, SubjectStatistics } from '@lectern/contracts/exams/exam-statistics.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../../test/fake-event-source.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { subjectStatisticsSource } from '../../api/get-subject-statistics.ts';
import { SubjectStatisticsModal } from './subject-statistics-modal.tsx';

const STATS_PATH = 'GET /api/exams/300/subjects/2/statistics';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

function row(overrides: Partial<StatisticsRow>): StatisticsRow {
  return {
    userId: 1,
    userNo: 's001',
    name: 'Wang Fang',
    klass: 'CS 2401',
    answerOptionIds: [11],
    isAnswerRight: true,
    unsubmitted: false,
    answers: [],
    answer: null,
    ...overrides,
  };
}

const everyone = [
  row({ userId: 1, userNo: 's001', name: 'Wang Fang', answerOptionIds: [11], isAnswerRight: true }),
  row({ userId: 2, userNo: 's002', name: 'Li Lei', answerOptionIds: [12], isAnswerRight: false }),
  row({
    userId: 3,
    userNo: 's003',
    name: 'Zhao Min',
    answerOptionIds: [],
    isAnswerRight: null,
    unsubmitted: true,
  }),
];

/** Six options: the first four get tabs, E and F go under "more". Wang Fang right, Li Lei wrong. */
function statistics(items: StatisticsRow[], total = items.length): SubjectStatistics {
  return {
    subject: { id: 2, type: 'single_selection', description: '<p>Which is LIFO?</p>', point: 10 },
    summary: { studentsCount: 3, submitterCount: 2, correctCount: 1, wrongCount: 1, correctRate: 0.5 },
    options: [11, 12, 13, 14, 15, 16].map((id, index) => ({
      id,
      sort: index + 1,
      content: `Option ${id}`,
      isAnswer: id === 11,
      chosenCount: id === 11 || id === 12 ? 1 : 0,
    })),
    items,
    page: 1,
    page_size: 10,
    pages: Math.max(1, Math.ceil(total / 10)),
    total,
  };
}

/** Plays the server: filters the three students by the query the modal sends. */
function answer(_body: unknown, url: URL) {
  const optionId = url.searchParams.get('option_id');
  const keyword = url.searchParams.get('keyword')?.toLowerCase();
  let items = everyone;
  if (url.searchParams.get('unsubmitted') === '1') items = items.filter((r) => r.unsubmitted);
  if (optionId) items = items.filter((r) => r.answerOptionIds.includes(Number(optionId)));
  if (keyword) items = items.filter((r) => r.name.toLowerCase().includes(keyword));
  return jsonResponse(statistics(items));
}

function renderModal(live?: { courseId: number }) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <SubjectStatisticsModal
            open
            onClose={() => undefined}
            source={subjectStatisticsSource(300, 2, live)}
          />
        ),
      },
    ],
    '/',
  );
}

const table = () => screen.getByRole('table');
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

describe('SubjectStatisticsModal', () => {
  it('shows the question, its accuracy and every student with their answer', async () => {
    mockApi({ [STATS_PATH]: answer });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Answer statistics' });
    expect(await within(dialog).findByText('Which is LIFO?')).toBeTruthy();
    expect(within(dialog).getByText('Single choice')).toBeTruthy();
    expect(within(dialog).getByText('Accuracy 50%')).toBeTruthy();
    expect(within(dialog).getByText('2 of 3 answered · 1 right · 1 wrong')).toBeTruthy();
    expect(names()).toEqual(['Wang Fang', 'Li Lei', 'Zhao Min']);
    const cells = (name: string) =>
      within(within(table()).getByText(name).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Wang Fang')).toEqual(['s001', 'Wang Fang', 'CS 2401', 'A', 'Right']);
    expect(cells('Li Lei')).toEqual(['s002', 'Li Lei', 'CS 2401', 'B', 'Wrong']);
    expect(cells('Zhao Min')).toEqual(['s003', 'Zhao Min', 'CS 2401', '—', 'Unsubmitted']);
  });

  it('has a tab for each of the first four options, the rest under "more", and an unsubmitted tab', async () => {
    const fetchMock = mockApi({ [STATS_PATH]: answer });
    renderModal();
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All (3)', 'A, right answer (1)', 'B (1)', 'C (0)', 'D (0)', 'More', 'Unsubmitted (1)']);

    await userEvent.click(within(tabs).getByRole('tab', { name: 'B (1)' }));
    await waitFor(() => expect(names()).toEqual(['Li Lei']));
    expect(sentRequests(fetchMock).at(-1)?.url).toContain('option_id=12');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Unsubmitted (1)' }));
    await waitFor(() => expect(names()).toEqual(['Zhao Min']));
    expect(sentRequests(fetchMock).at(-1)?.url).toContain('unsubmitted=1');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'More' }));
    const more = await screen.findByRole('radiogroup', { name: 'More options' });
    expect(within(more).getAllByRole('radio')).toHaveLength(2);
    await waitFor(() => expect(sentRequests(fetchMock).at(-1)?.url).toContain('option_id=15'));
    await userEvent.click(within(more).getByRole('radio', { name: 'F (0)' }));
    await waitFor(() => expect(sentRequests(fetchMock).at(-1)?.url).toContain('option_id=16'));
  });

  it('searches students by the keyword', async () => {
    const fetchMock = mockApi({ [STATS_PATH]: answer });
    renderModal();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search students' }), 'li{Enter}');
    await waitFor(() => expect(names()).toEqual(['Li Lei']));
    expect(sentRequests(fetchMock).at(-1)?.url).toContain('keyword=li');
  });
});

describe('SubjectStatisticsModal in class', () => {
  installFakeEventSource();

  it('refetches when the push stream says answers to this exam changed', async () => {
    let answered = 1;
    const fetchMock = mockApi({
      [STATS_PATH]: () => jsonResponse(statistics(everyone.slice(0, answered))),
    });
    renderModal({ courseId: 50 });
    await waitFor(() => expect(names()).toEqual(['Wang Fang']));
    expect(screen.getByText('Updates live as answers arrive')).toBeTruthy();
    const calls = () => sentRequests(fetchMock).length;
    const before = calls();

    // Another course's event changes nothing.
    FakeEventSource.opened[0]?.emit({
      course_id: 51,
      type: 'exam.answers_changed',
      data: { exam_id: 300 },
    });
    answered = 2;
    FakeEventSource.opened[0]?.emit({
      course_id: 50,
      type: 'exam.answers_changed',
      data: { exam_id: 300, subject_id: 2 },
    });
    await waitFor(() => expect(names()).toEqual(['Wang Fang', 'Li Lei']));
    expect(calls()).toBe(before + 1);
  });
});
