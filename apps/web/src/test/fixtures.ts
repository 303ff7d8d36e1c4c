import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { CurrentUser, User } from '@lectern/contracts/identity/identity.schemas';

/**
 * Test data used by more than one feature, shaped exactly like the API's answers, with overridable
 * fields. Data only one feature uses stays in that feature's test/ folder.
 */

/** The signed-in user, as GET /api/user answers: an ordinary member of the demo organisation. */
export function makeViewer(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    user_no: 'T2024001',
    name: 'Li Wei',
    aliases: null,
    email: 'li@example.edu',
    mobile_phone: null,
    avatar_small_url: null,
    avatar_big_url: null,
    department: { id: 1, name: 'Computer Science' },
    org_id: 1,
    org_role: 'member',
    active: true,
    created_at: '2025-02-01T08:00:00.000Z',
    org: { id: 1, name: 'Demo University', code: 'demo', settings: {} },
    simulating_course_id: null,
    can_create_course: false,
    ...overrides,
  };
}

/** A course the viewer teaches (and so may manage), with no modules yet. */
export function makeCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: 42,
    name: 'Data Structures',
    display_name: 'Data Structures (2025)',
    second_name: null,
    course_subject_id: null,
    subject_code: null,
    course_code: 'CS201',
    academic_year: { id: 1, name: '2024-2025', code: '2024' },
    semester: { id: 2, name: 'Spring', code: '2' },
    academic_year_id: 1,
    semester_id: 2,
    compulsory: true,
    start_date: '2025-02-17',
    end_date: '2025-06-30',
    classroom_schedule: null,
    credit: '3',
    course_type: 1,
    department: null,
    imported_from: null,
    grade: null,
    klass: null,
    instructors: [{ id: 7, name: 'Li Wei', avatar_small_url: null }],
    created_user: { id: 7, name: 'Li Wei' },
    public_scope: 'none',
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
    modules: [],
    is_blocked: false,
    created_at: '2025-01-10T08:00:00.000Z',
    current_user_roles: ['instructor'],
    simulating: false,
    can_manage: true,
    ...overrides,
  };
}

/** A user as the organisation's user list answers: an active member with no contact details. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 100,
    user_no: 'S001',
    name: 'Zhang San',
    aliases: null,
    email: null,
    mobile_phone: null,
    avatar_small_url: null,
    avatar_big_url: null,
    department: null,
    org_id: 1,
    org_role: 'member',
    active: true,
    created_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** An activity as the activity calls answer it: a published, open one of CS-style demo data. */
export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 400,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'material',
    title: 'Activity',
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
