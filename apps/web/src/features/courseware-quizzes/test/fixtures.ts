import type {
  CoursewareQuiz,
  CoursewareQuizSubjectsResponse,
  CoursewareQuizSubmission,
  CoursewareQuizzesResponse,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';

export function makeQuiz(overrides: Partial<CoursewareQuiz> = {}): CoursewareQuiz {
  return {
    id: 70,
    activity_id: 500,
    title: '',
    position: 30,
    sort: 1,
    published: true,
    subjects_count: 1,
    submitted: false,
    submission_count: null,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeQuizList(overrides: Partial<CoursewareQuizzesResponse> = {}): CoursewareQuizzesResponse {
  return { quizzes: [makeQuiz()], can_submit: true, can_manage: false, ...overrides };
}

export function makeQuizSubjects(): CoursewareQuizSubjectsResponse {
  return {
    quiz_id: 70,
    subjects: [
      {
        id: 1,
        type: 'single_selection',
        description: '<p>Cost of one loop?</p>',
        point: 2,
        sort: 1,
        options: [
          { id: 11, sort: 0, content: 'O(n)' },
          { id: 12, sort: 1, content: 'O(1)' },
        ],
        blank_count: 0,
        pairs: [],
        parent_id: null,
        sub_subjects: [],
      },
    ],
  };
}

export function makeSubmission(right: boolean): CoursewareQuizSubmission {
  return {
    quiz_id: 70,
    score: right ? 2 : 0,
    total_points: 2,
    correct_count: right ? 1 : 0,
    subjects: [
      {
        subject_id: 1,
        answer_option_ids: [right ? 11 : 12],
        answers: [],
        score: right ? 2 : 0,
        point: 2,
        correct: right,
        correct_option_ids: [11],
        correct_blanks: [],
        answer_explanation: '<p>One step per item.</p>',
      },
    ],
    submitted_at: '2026-03-02T10:00:00.000Z',
  };
}
