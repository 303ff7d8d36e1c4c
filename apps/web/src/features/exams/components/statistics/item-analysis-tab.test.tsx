import type { ItemAnalysis } from '@lectern/contracts/exams/exam-statistics.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { ItemAnalysisTab } from './item-analysis-tab.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

const analysis: ItemAnalysis = {
  exam_id: 300,
  submitter_count: 3,
  mean_score: 1,
  cronbach_alpha: 0.6667,
  items: [
    {
      subject_id: 2,
      number: 1,
      type: 'single_selection',
      description: 'Capital of France?',
      point: 1,
      responses: 3,
      facility_index: 0.3333,
      discrimination_index: 1,
      point_biserial: 0.866,
      distractors: [
        {
          option_id: 21,
          sort: 1,
          content: 'Lyon',
          is_answer: false,
          chosen_count: 1,
          chosen_rate: 0.3333,
          upper_count: 0,
          lower_count: 0,
        },
        {
          option_id: 22,
          sort: 2,
          content: 'Paris',
          is_answer: true,
          chosen_count: 1,
          chosen_rate: 0.3333,
          upper_count: 1,
          lower_count: 0,
        },
      ],
    },
    {
      subject_id: 3,
      number: 2,
      type: 'short_answer',
      description: 'Explain',
      point: 5,
      responses: 2,
      facility_index: 0.5,
      discrimination_index: null,
      point_biserial: null,
      distractors: [],
    },
  ],
};

describe('ItemAnalysisTab', () => {
  it('shows alpha, the figures per question and the distractors of a choice question', async () => {
    const fetchMock = mockApi({ 'GET /api/exams/300/item-analysis': () => jsonResponse(analysis) });
    renderRoutes([{ path: '/', element: <ItemAnalysisTab examId={300} hasMakeup={false} /> }], '/');
    const table = await screen.findByRole('region', { name: 'Item statistics per question' });
    expect(screen.getByText('0.67')).toBeTruthy(); // alpha
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const first = rows.find((r) => within(r).queryByText('Capital of France?'))!;
    expect(cells(first).slice(-4)).toEqual(['3', '0.33', '1.00', '0.87']);
    const second = rows.find((r) => within(r).queryByText('Explain'))!;
    expect(cells(second).slice(-4)).toEqual(['2', '0.50', '—', '—']);
    expect(sentRequests(fetchMock)[0]?.url).toContain('is_makeup_exam=0');

    await userEvent.click(within(first).getByRole('button', { name: /expand/i }));
    const distractors = await screen.findByRole('region', { name: 'Distractor analysis of question 1' });
    await waitFor(() => expect(within(distractors).getByText(/Lyon/)).toBeTruthy());
    const lyon = within(distractors).getByText(/Lyon/).closest('tr')!;
    expect(
      within(lyon)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['A. Lyon ', '1', '0', '0']);
  });
});
