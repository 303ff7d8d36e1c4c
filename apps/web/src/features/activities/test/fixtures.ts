import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { vi } from 'vitest';

export function courseFixture(overrides: Partial<Course> = {}): Course {
  return {
    id: 5,
    name: 'Data Structures',
    display_name: 'Data Structures',
    second_name: null,
    course_subject_id: null,
    subject_code: null,
    course_code: 'CS201',
    academic_year: null,
    semester: null,
    academic_year_id: null,
    semester_id: null,
    compulsory: true,
    start_date: null,
    end_date: null,
    classroom_schedule: null,
    credit: null,
    course_type: 1,
    department: null,
    imported_from: null,
    grade: null,
    klass: null,
    instructors: [{ id: 7, name: 'Teacher Tao', avatar_small_url: null }],
    created_user: { id: 7, name: 'Teacher Tao' },
    public_scope: 'private',
    cover: null,
    access: {},
    course_attributes: {},
    course_classification: null,
    classification_id: null,
    course_pictures: [],
    opened_roles: [],
    opened_departments: [],
    selected_certification: null,
    public_to_orgs: [],
    students_count: 30,
    modules: [
      {
        id: 11,
        name: 'Week 1',
        sort: 1,
        syllabuses: [{ id: 21, summary: 'Introduction', module_id: 11, sort: 1 }],
      },
      { id: 12, name: 'Week 2', sort: 2, syllabuses: [] },
    ],
    is_blocked: false,
    created_at: '2026-02-01T00:00:00.000Z',
    current_user_roles: ['instructor'],
    simulating: false,
    can_manage: true,
    ...overrides,
  };
}

export function activityFixture(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 101,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'material',
    title: 'Reading list',
    data: {},
    start_time: '2026-03-01T08:00:00.000Z',
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
    created_by: { id: 7, name: 'Teacher Tao' },
    created_at: '2026-02-20T09:30:00.000Z',
    updated_at: '2026-02-20T09:30:00.000Z',
    uploads: [],
    can_edit: true,
    read: false,
    ...overrides,
  };
}

export const materialCriteria = [
  { id: 1, completion_criterion_type: 'none', description: 'None', value: null, is_default: false },
  { id: 2, completion_criterion_type: 'view', description: 'Viewed', value: null, is_default: true },
];

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | undefined;

/**
 * A fetch stand-in that answers by method and path and records every call. Unhandled calls fail the test
 * loudly instead of hanging.
 */
export function mockApi(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, handler: Handler) {
  const calls: RecordedCall[] = [];
  fetchMock.mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: RecordedCall = {
      method,
      url,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    };
    calls.push(call);
    const response = handler(call);
    if (!response) return Promise.reject(new Error(`Unexpected ${method} ${url}`));
    return Promise.resolve(response);
  });
  return calls;
}
