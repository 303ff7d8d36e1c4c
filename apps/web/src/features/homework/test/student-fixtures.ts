import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type {
  HomeworkDetail,
  HomeworkSubmission,
  HomeworkSubmitter,
  SubmissionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';

/** Test data of the student's homework page, shaped exactly like the API's answers. */

export const HOMEWORK_ID = 300;
export const STUDENT_ID = 7;

export function makeHomeworkActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: HOMEWORK_ID,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'homework',
    title: 'Linked lists',
    data: { description: '<p>Implement a linked list.</p>' },
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: '2099-03-08T18:00:00.000Z',
    last_sub_meeting_end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'submitted',
    completion_criterion_key: 'submitted',
    completion_criterion_value: null,
    sort: 0,
    created_by: { id: 1, name: 'Li Wei' },
    created_at: '2026-02-20T09:30:00.000Z',
    updated_at: '2026-02-20T09:30:00.000Z',
    uploads: [],
    can_edit: false,
    read: true,
    ...overrides,
  };
}

export function makeHomeworkDetail(overrides: Partial<HomeworkDetail> = {}): HomeworkDetail {
  return {
    id: HOMEWORK_ID,
    course_id: 5,
    title: 'Linked lists',
    description: '<p>Implement a linked list.</p>',
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: '2099-03-08T18:00:00.000Z',
    published: true,
    is_closed: false,
    is_group: false,
    group_set_id: null,
    submit_times: null,
    allow_late_submission: false,
    late_submission_end_time: null,
    duplicate_check_enabled: false,
    duplicate_check_threshold: 30,
    announceScoreType: 1,
    isAnnounceMark: 0,
    announceScoreTime: null,
    interScoreMap: null,
    intraScoreMap: null,
    rubric_id: null,
    rubric_visible_type: 'visible',
    rubric_visible_time: null,
    intra_rubric_id: null,
    intra_rubric_visible_type: 'visible',
    intra_rubric_visible_time: null,
    completion_criterion_key: 'submitted',
    completion_criterion_value: null,
    is_score_visible: false,
    permissions: { allow_mark: false, allow_edit: false, allow_setting: false },
    is_simulating: false,
    ...overrides,
  };
}

export function makeSubmitter(overrides: Partial<HomeworkSubmitter> = {}): HomeworkSubmitter {
  return {
    id: STUDENT_ID,
    kind: 'student',
    name: 'Wang Fang',
    user_no: 's001',
    member_ids: [STUDENT_ID],
    status: 3,
    mark_status: 'unsubmitted',
    recommend: 0,
    submission_count: 0,
    latest_submission_id: null,
    latest_upload_ids: [],
    score: null,
    final_score: null,
    submitted_at: null,
    make_up_end_time: null,
    ...overrides,
  };
}

export function makeSubmissionFile(overrides: Partial<UploadReference> = {}): UploadReference {
  return {
    id: 51,
    reference_id: 51,
    upload_id: 61,
    name: 'report.pdf',
    size: 2048,
    type: 'document',
    mime_type: 'application/pdf',
    parent_type: 'homework_submission',
    parent_id: 900,
    allow_download: true,
    sort: 0,
    created_by_id: STUDENT_ID,
    created_at: '2026-03-02T09:00:00.000Z',
    can_download: true,
    can_preview: true,
    preview_url: '/api/uploads/61/preview',
    blob_url: '/api/uploads/reference/51/blob',
    ...overrides,
  };
}

export function makeSubmission(overrides: Partial<HomeworkSubmission> = {}): HomeworkSubmission {
  return {
    id: 900,
    activity_id: HOMEWORK_ID,
    student_id: STUDENT_ID,
    group_id: null,
    student: { id: STUDENT_ID, name: 'Wang Fang', user_no: 's001' },
    group: null,
    version: 1,
    is_draft: false,
    comment: '<p>My answer</p>',
    slides: [],
    status: 1,
    is_late: false,
    score: null,
    final_score: null,
    instructor_comment: null,
    rubric_score: null,
    is_score_visible: false,
    is_marked: false,
    recommend: 0,
    submitted_at: '2026-03-02T09:00:00.000Z',
    submitted_by: { id: STUDENT_ID, name: 'Wang Fang' },
    marked_by: null,
    marked_at: null,
    uploads: [],
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeStanding(overrides: Partial<SubmissionResponse> = {}): SubmissionResponse {
  return {
    submission: null,
    draft: null,
    submitter: makeSubmitter(),
    submissions_left: null,
    permissions: { allow_mark: false, allow_edit: false, allow_setting: false },
    ...overrides,
  };
}
