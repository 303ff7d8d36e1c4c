import type {
  KnowledgeNodeClassStat,
  KnowledgeNodeOverview,
  KnowledgeStatSummary,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { COURSE_ID } from '../test/fixtures.ts';
import { KnowledgeStatisticsPanel } from './knowledge-statistics-panel.tsx';

function nodeStat(
  overrides: Partial<KnowledgeNodeClassStat> & { id: number; name: string },
): KnowledgeNodeClassStat {
  return {
    parent_id: null,
    mastery_rate: null,
    completeness_rate: null,
    answered_student_count: 0,
    weak_student_count: 0,
    mastered_student_count: 0,
    activity_count: 0,
    resource_count: 0,
    question_count: 0,
    ...overrides,
  };
}

const derivatives = nodeStat({
  id: 2,
  name: 'Derivatives',
  mastery_rate: 0.45,
  completeness_rate: 0.5,
  answered_student_count: 2,
  weak_student_count: 1,
  activity_count: 1,
  question_count: 3,
});

const summary: KnowledgeStatSummary = {
  node_count: 2,
  student_count: 2,
  mastery_rate: 0.625,
  completeness_rate: 0.75,
  mastered_node_count: 1,
  weak_node_count: 1,
  weak_nodes: [derivatives],
  nodes: [nodeStat({ id: 1, name: 'Limits', mastery_rate: 0.8, completeness_rate: 1 }), derivatives],
};

const overview: KnowledgeNodeOverview = {
  ...derivatives,
  course_id: COURSE_ID,
  student_count: 2,
  distribution: { weak: 1, fair: 1, mastered: 0, unanswered: 0 },
  visit_count: 4,
};

const page = { page: 1, page_size: 10, pages: 1, total: 1 };

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('KnowledgeStatisticsPanel', () => {
  it('shows the class by node and by student, and a node by student, resource and activity', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET /api/course/${COURSE_ID}/knowledge-nodes/statistics/summary`]: () => jsonResponse(summary),
      'GET /api/knowledge-nodes/2/statistics/overview': () => jsonResponse(overview),
      'GET /api/knowledge-nodes/2/statistics/student-detail': () =>
        jsonResponse({
          ...page,
          items: [
            {
              id: 31,
              name: 'Wang Fang',
              user_no: 's31',
              mastery_rate: 0.3,
              level: 'weak',
              completeness_rate: 0,
              completed_activity_count: 0,
              activity_count: 1,
              answered_count: 2,
              last_answer_at: null,
            },
          ],
        }),
      'GET /api/knowledge-nodes/2/statistics/resource-detail': () =>
        jsonResponse({
          ...page,
          items: [{ id: 8, name: 'notes.pdf', visit_count: 4, visitor_count: 1, student_count: 2 }],
        }),
      'GET /api/knowledge-nodes/2/statistics/activity-detail': () =>
        jsonResponse({
          ...page,
          items: [
            {
              id: 500,
              title: 'Week 3 homework',
              type: 'homework',
              completed_student_count: 1,
              student_count: 2,
              completion_rate: 0.5,
              answered_student_count: 2,
              score_rate: 0.45,
            },
          ],
        }),
      [`GET /api/course/${COURSE_ID}/knowledge-nodes/statistics/students-dimension`]: () =>
        jsonResponse({
          ...page,
          node_count: 2,
          items: [
            {
              id: 31,
              name: 'Wang Fang',
              user_no: 's31',
              mastery_rate: 0.3,
              answered_node_count: 1,
              weak_node_count: 1,
              mastered_node_count: 0,
              completeness_rate: 0.5,
              last_answer_at: null,
            },
          ],
        }),
    });
    renderRoutes([{ path: '/', element: <KnowledgeStatisticsPanel courseId={COURSE_ID} /> }], '/');

    expect(await screen.findByText('63%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Derivatives (45%)' })).toBeTruthy();
    const byNode = screen.getByRole('region', { name: 'By node' });
    expect(within(byNode).getByRole('button', { name: 'Limits' })).toBeTruthy();
    expect(within(byNode).getByText('80%')).toBeTruthy();

    await user.click(within(byNode).getByRole('button', { name: 'Derivatives' }));
    const dialog = await screen.findByRole('dialog', { name: 'Knowledge node statistics' });
    expect(await within(dialog).findByText('Wang Fang')).toBeTruthy();
    expect(within(dialog).getByText('Weak')).toBeTruthy();
    expect(await within(dialog).findByText('notes.pdf')).toBeTruthy();
    expect(await within(dialog).findByText('Week 3 homework')).toBeTruthy();
    expect(within(dialog).getByText(/1 weak, 1 fair, 0 mastered/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByText('By student'));
    const byStudent = await screen.findByRole('region', { name: 'By student' });
    expect(await within(byStudent).findByRole('button', { name: 'Wang Fang' })).toBeTruthy();
  });
});
