import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { H5LearnerState } from '@lectern/contracts/h5-courseware/h5-courseware.schemas';

export function makeH5Activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 400,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'h5_courseware',
    title: 'Binary search',
    data: {},
    start_time: null,
    end_time: null,
    last_sub_meeting_end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'view',
    completion_criterion_key: 'view',
    completion_criterion_value: null,
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

export const PACKAGES = {
  packages: [
    {
      upload_id: 90,
      name: 'search.zip',
      kind: 'scorm_12',
      entry: 'sco.html',
      file_count: 2,
      total_bytes: 900,
    },
  ],
};

export const URL_RESPONSE = {
  url: 'http://localhost:3000/api/h5-courseware/content/tok/sco.html',
  kind: 'scorm_12',
  expires_at: '2026-03-01T09:00:00.000Z',
};

export function makeState(overrides: Partial<H5LearnerState> = {}): H5LearnerState {
  return {
    activity_id: 400,
    upload_id: 90,
    base64State: null,
    completion_status: 'not_attempted',
    success_status: 'unknown',
    score_raw: null,
    score_min: null,
    score_max: null,
    score_percent: null,
    progress: 0,
    completed: false,
    updated_at: null,
    ...overrides,
  };
}
