import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import type {
  DistributeResponse,
  ExamSubmissionDetail,
  QualificationResponse,
  SubmitExamResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import type { PaperSubject, Subject } from '@lectern/contracts/exams/subject.schemas';

type Leaf = Omit<PaperSubject, 'sub_subjects'>;

function leaf(overrides: Partial<Leaf> & Pick<Leaf, 'id' | 'type'>): Leaf {
  return {
    description: `<p>Question ${overrides.id}</p>`,
    point: 10,
    sort: overrides.id,
    options: [],
    blank_count: 0,
    pairs: [],
    parent_id: null,
    ...overrides,
  };
}

function question(overrides: Partial<PaperSubject> & Pick<PaperSubject, 'id' | 'type'>): PaperSubject {
  return { ...leaf(overrides), sub_subjects: overrides.sub_subjects ?? [] };
}

/**
 * A paper with one question of every type, as `distribute` sends it: no answers, blanks only counted,
 * matching pairs without their right-hand item.
 */
export function makePaper(): PaperSubject[] {
  return [
    question({ id: 1, type: 'paragraph_desc', description: '<p>Part one: read carefully.</p>', point: 0 }),
    question({
      id: 2,
      type: 'single_selection',
      description: '<p>Which structure is LIFO?</p>',
      options: [
        { id: 21, sort: 0, content: 'Queue' },
        { id: 22, sort: 1, content: 'Stack' },
      ],
    }),
    question({
      id: 3,
      type: 'multiple_selection',
      description: '<p>Which are linear structures?</p>',
      options: [
        { id: 31, sort: 0, content: 'Array' },
        { id: 32, sort: 1, content: 'Tree' },
        { id: 33, sort: 2, content: 'Linked list' },
      ],
    }),
    question({
      id: 4,
      type: 'true_or_false',
      description: '<p>A heap is a complete binary tree.</p>',
      options: [
        { id: 41, sort: 0, content: 'True' },
        { id: 42, sort: 1, content: 'False' },
      ],
    }),
    question({
      id: 5,
      type: 'fill_in_blank',
      description: '<p>Name two sorts: ___ and ___</p>',
      blank_count: 2,
    }),
    question({
      id: 6,
      type: 'matching',
      description: '<p>Match the complexities.</p>',
      options: [
        { id: 61, sort: 0, content: 'O(log n)' },
        { id: 62, sort: 1, content: 'O(n)' },
      ],
      pairs: [
        { sort: 0, content: 'Binary search' },
        { sort: 1, content: 'Linear search' },
      ],
    }),
    question({ id: 7, type: 'short_answer', description: '<p>Explain recursion.</p>', point: 20 }),
    question({
      id: 8,
      type: 'analysis',
      description: '<p>Read the code below.</p>',
      point: 10,
      sub_subjects: [
        leaf({
          id: 81,
          type: 'single_selection',
          description: '<p>What does it print?</p>',
          point: 5,
          parent_id: 8,
          options: [
            { id: 811, sort: 0, content: '1' },
            { id: 812, sort: 1, content: '2' },
          ],
        }),
        leaf({ id: 82, type: 'short_answer', description: '<p>Why?</p>', point: 5, parent_id: 8 }),
      ],
    }),
    question({
      id: 9,
      type: 'cloze',
      description: '<p>A ___ stores pairs.</p>',
      point: 10,
      sub_subjects: [
        leaf({
          id: 91,
          type: 'single_selection',
          description: '',
          point: 10,
          parent_id: 9,
          options: [
            { id: 911, sort: 0, content: 'map' },
            { id: 912, sort: 1, content: 'set' },
          ],
        }),
      ],
    }),
  ];
}

/** `GET /api/exams/{id}` as the course's students and teachers read it. */
export function makeExam(overrides: Partial<Exam> = {}): Exam {
  return {
    id: 300,
    type: 'exam',
    course_id: 5,
    module_id: 12,
    module_name: 'Week 1',
    syllabus_id: null,
    syllabus_summary: null,
    title: 'Midterm',
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    sort: 1,
    completion_criterion_key: 'submitted',
    completion_criterion_value: 0,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T08:00:00.000Z',
    updated_at: '2026-02-20T08:00:00.000Z',
    description: null,
    total_points: 100,
    submit_times: 1,
    score_rule: 'highest',
    announce_answer_type: 'after_submit',
    announce_answer_time: null,
    announce_score_type: 'after_submit',
    announce_score_time: null,
    random_subject_order: false,
    random_option_order: false,
    display_mode: 'all',
    group_set_id: null,
    has_make_up_user: false,
    used_points: 100,
    makeup_used_points: 0,
    subjects_count: 9,
    makeup_subjects_count: 0,
    subjects_locked: true,
    makeup_subjects_locked: false,
    can_edit: false,
    ...overrides,
  };
}

export function makeQualification(overrides: Partial<QualificationResponse> = {}): QualificationResponse {
  return {
    qualified: true,
    reason: null,
    message: null,
    submit_times: 1,
    submission_count: 0,
    remaining_times: 1,
    has_draft: false,
    ...overrides,
  };
}

/** `GET /api/exams/{id}/distribute`: a fresh attempt unless a draft is given. */
export function makeDistribute(overrides: Partial<DistributeResponse> = {}): DistributeResponse {
  return {
    exam_paper_instance_id: 900,
    attempt: 1,
    is_makeup_exam: false,
    created_at: '2026-03-02T08:00:00.000Z',
    subjects: makePaper(),
    draft_data: null,
    draft_saved_at: null,
    end_time: null,
    display_mode: 'all',
    time_limit_minutes: null,
    deadline: null,
    remaining_seconds: null,
    ...overrides,
  };
}

export function makeSubmitResponse(finished: boolean): SubmitExamResponse {
  return {
    id: 700,
    exam_paper_instance_id: 900,
    status: finished ? 'submitted' : 'draft',
    saved_at: new Date().toISOString(),
    submitted_at: finished ? new Date().toISOString() : null,
  };
}

/** A handed-in submission with its paper, as a student reads it once everything is released. */
export function makeSubmissionDetail(overrides: Partial<ExamSubmissionDetail> = {}): ExamSubmissionDetail {
  return {
    id: 700,
    exam_id: 300,
    instance_id: 900,
    examinee_id: 20,
    examinee: { id: 20, user_no: 's001', name: 'Wang Fang' },
    group_id: null,
    is_makeup_exam: false,
    attempt: 1,
    status: 'submitted',
    submission_data: [
      { subject_id: 2, parent_id: null, answer_option_ids: [21], answer: null, answers: [] },
      { subject_id: 7, parent_id: null, answer_option_ids: [], answer: 'It calls itself.', answers: [] },
    ],
    draft_data: null,
    score_data: [
      { subject_id: 2, parent_id: null, score: 0, auto: true, correct: false },
      { subject_id: 7, parent_id: null, score: 15, auto: false, correct: null },
    ],
    comment_data: { comment: 'Good effort.', subject_comments: {} },
    marked_attachments: [],
    submitted_at: '2026-03-02T09:00:00.000Z',
    score: 15,
    auto_score: 0,
    mark_status: 'marked',
    score_released: true,
    answers_released: true,
    correct_answers_data: {
      correct_answers: [
        {
          subject_id: 2,
          parent_id: null,
          answer_option_ids: [22],
          blanks: [],
          pairs: [],
          answer: null,
          answer_explanation: 'A stack is last in, first out.',
        },
        {
          subject_id: 7,
          parent_id: null,
          answer_option_ids: [],
          blanks: [],
          pairs: [],
          answer: 'A function that calls itself on a smaller input.',
          answer_explanation: null,
        },
      ],
    },
    subjects: makePaper().filter((s) => s.id === 2 || s.id === 7),
    ...overrides,
  };
}

/** A question as its authors read it (answers included), e.g. from `subjective-questions`. */
export function makeSubject(overrides: Partial<Subject> = {}): Subject {
  return {
    id: 7,
    type: 'short_answer',
    description: '<p>Explain recursion.</p>',
    point: 20,
    sort: 7,
    difficulty_level: 0,
    options: [],
    answer: 'A function that calls itself on a smaller input.',
    answer_explanation: null,
    blanks: [],
    pairs: [],
    settings: {},
    knowledge_node_ids: [],
    knowledge_node_names: [],
    note: null,
    parent_id: null,
    lib_id: null,
    exam_id: 300,
    is_makeup_exam: false,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T08:00:00.000Z',
    updated_at: '2026-02-20T08:00:00.000Z',
    sub_subjects: [],
    ...overrides,
  };
}

/** The exam as the activity page has it (`GET /api/activities/{id}`). */
export function makeExamActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 300,
    course_id: 5,
    module_id: 12,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'exam',
    title: 'Midterm',
    data: { total_points: 100, submit_times: 2 },
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: '2026-03-01T10:00:00.000Z',
    last_sub_meeting_end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'submitted',
    completion_criterion_key: 'submitted',
    completion_criterion_value: 0,
    sort: 0,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T09:30:00.000Z',
    updated_at: '2026-02-20T09:30:00.000Z',
    uploads: [],
    can_edit: false,
    read: false,
    ...overrides,
  };
}
