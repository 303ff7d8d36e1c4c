import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type {
  QuestionnaireDistributeResponse,
  QuestionnaireResults,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { makeActivity } from '../../../test/fixtures.ts';

export function makeQuestionnaireActivity(overrides: Partial<Activity> = {}): Activity {
  return makeActivity({
    type: 'questionnaire',
    title: 'Mid-term feedback',
    data: { is_anonymous: false },
    start_time: '2026-03-01T08:00:00.000Z',
    ...overrides,
  });
}

const paperSubject = (
  id: number,
  type: QuestionnaireDistributeResponse['subjects'][number]['type'],
  description: string,
  options: string[] = [],
  blankCount = 0,
) => ({
  id,
  type,
  description,
  point: 0,
  sort: id,
  options: options.map((content, i) => ({ id: id * 10 + i, sort: i, content })),
  blank_count: blankCount,
  pairs: [],
  parent_id: null,
  sub_subjects: [],
});

export function makePaper(
  overrides: Partial<QuestionnaireDistributeResponse> = {},
): QuestionnaireDistributeResponse {
  return {
    id: 400,
    course_id: 5,
    title: 'Mid-term feedback',
    description: '',
    is_anonymous: false,
    status: 'in_progress',
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: null,
    can_submit: true,
    can_see_results: false,
    submission_count: null,
    subjects: [
      paperSubject(1, 'single_selection', '<p>How is the pace?</p>', ['Slow', 'Fine', 'Fast']),
      paperSubject(2, 'multiple_selection', '<p>What helps you?</p>', ['Labs', 'Talks']),
      paperSubject(3, 'short_answer', '<p>Anything else?</p>'),
    ],
    submission: null,
    ...overrides,
  };
}

export function makeResults(overrides: Partial<QuestionnaireResults> = {}): QuestionnaireResults {
  const option = (id: number, sort: number, content: string, chosenCount: number) => ({
    id,
    sort,
    content,
    isAnswer: false,
    chosenCount,
  });
  return {
    id: 400,
    title: 'Mid-term feedback',
    is_anonymous: false,
    status: 'in_progress',
    summary: { studentsCount: 30, submitterCount: 4 },
    subjects: [
      {
        subject: { id: 1, type: 'single_selection', description: '<p>How is the pace?</p>', sort: 1 },
        submitterCount: 4,
        options: [option(10, 0, 'Slow', 1), option(11, 1, 'Fine', 3), option(12, 2, 'Fast', 0)],
        text_answers: [],
      },
      {
        subject: { id: 3, type: 'short_answer', description: '<p>Anything else?</p>', sort: 3 },
        submitterCount: 1,
        options: [],
        text_answers: [
          { content: 'More labs please', respondent: { id: 21, user_no: 'S021', name: 'Zhang San' } },
        ],
      },
    ],
    respondents: [{ id: 21, user_no: 'S021', name: 'Zhang San', submitted_at: '2026-03-02T10:00:00.000Z' }],
    ...overrides,
  };
}
