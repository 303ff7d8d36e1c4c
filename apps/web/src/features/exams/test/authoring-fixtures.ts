import type { Exam, ExamListItem } from '@lectern/contracts/exams/exam.schemas';
import type {
  SubjectLib,
  SubjectLibDetail,
  SubjectLibNode,
} from '@lectern/contracts/exams/subject-lib.schemas';
import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import { makeExam } from './taking-fixtures.ts';

/**
 * An exam as `GET /api/exams/{id}` answers it to its instructor: exam 300 of course 5, 100 points, not yet
 * published, with an empty paper that can be edited.
 */
export function makeAuthoringExam(overrides: Partial<Exam> = {}): Exam {
  return makeExam({
    module_id: 11,
    start_time: '2026-04-01T08:00:00.000Z',
    end_time: '2026-04-01T10:00:00.000Z',
    published: false,
    is_started: false,
    sort: 0,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    used_points: 0,
    subjects_count: 0,
    subjects_locked: false,
    can_edit: true,
    ...overrides,
  });
}

/** A stored question as its author reads it; a single choice with B correct unless overridden. */
export function makeSubject(overrides: Partial<Subject> & Pick<Subject, 'id'>): Subject {
  return {
    type: 'single_selection',
    description: `<p>Question ${overrides.id}</p>`,
    point: 10,
    sort: overrides.id,
    difficulty_level: 0,
    options: [
      { id: overrides.id * 10 + 1, sort: 0, content: 'Queue', is_answer: false },
      { id: overrides.id * 10 + 2, sort: 1, content: 'Stack', is_answer: true },
    ],
    answer: null,
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
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    sub_subjects: [],
    ...overrides,
  };
}

export function makeLib(overrides: Partial<SubjectLib> & Pick<SubjectLib, 'id'>): SubjectLib {
  return {
    title: `Library ${overrides.id}`,
    lib_type: 'exam',
    course_id: null,
    parent_id: null,
    owner: { id: 7, name: 'Li Wei' },
    subjects_count: 0,
    sort: 0,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}

export function makeLibNode(overrides: Partial<SubjectLibNode> & Pick<SubjectLibNode, 'id'>): SubjectLibNode {
  return { ...makeLib(overrides), children: overrides.children ?? [] };
}

export function makeLibDetail(
  overrides: Partial<SubjectLibDetail> & Pick<SubjectLibDetail, 'id'>,
): SubjectLibDetail {
  const subjects = overrides.subjects ?? [];
  return {
    ...makeLib({ subjects_count: subjects.length, ...overrides }),
    subjects: subjects.map((s) => ({ ...s, exam_id: null, lib_id: overrides.id })),
  };
}

/** An entry of `GET /api/courses/{id}/exams`. */
export function makeExamListItem(overrides: Partial<ExamListItem> = {}): ExamListItem {
  return {
    id: 300,
    type: 'exam',
    title: 'Midterm',
    module_id: 11,
    syllabus_id: null,
    start_time: null,
    end_time: null,
    published: true,
    group_set_id: null,
    completion_criterion_key: 'submitted',
    completion_criterion_value: 0,
    has_make_up_user: false,
    total_points: 100,
    submit_times: 1,
    subjects_count: 3,
    ...overrides,
  };
}
