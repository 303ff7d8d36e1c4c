import type { Course, CourseSummary, GroupSet, Member } from '@lectern/contracts/courses/course.schemas';
import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { vi } from 'vitest';

/** Test data shaped exactly like the API's answers, with overridable fields. */

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ code, message, errors: {}, request_id: 'req-test' }, status);
}

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
    csrf_token: 'csrf',
    simulating_course_id: null,
    ...overrides,
  };
}

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

export function makeSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const course = makeCourse();
  return {
    id: course.id,
    name: course.name,
    display_name: course.display_name,
    course_code: course.course_code,
    cover: null,
    course_type: 1,
    academic_year: course.academic_year,
    semester: course.semester,
    start_date: course.start_date,
    end_date: course.end_date,
    department: null,
    klass: null,
    instructors: course.instructors,
    students_count: course.students_count,
    current_user_roles: ['student'],
    is_blocked: false,
    created_at: course.created_at,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 100,
    name: 'Zhang San',
    user_no: 'S001',
    avatar_small_url: null,
    email: null,
    mobile_phone_bound: false,
    department: null,
    course_roles: ['student'],
    is_chief_instructor: false,
    joined_at: '2025-02-18T08:00:00.000Z',
    ...overrides,
  };
}

export function makeGroupSet(overrides: Partial<GroupSet> = {}): GroupSet {
  return {
    id: 5,
    group_set_id: 5,
    name: 'Project teams',
    members: [],
    leaders: [],
    created_at: '2025-02-20T08:00:00.000Z',
    sort: 0,
    groups: [],
    ...overrides,
  };
}

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * Stubs `fetch` with one handler per "METHOD /path". An unknown request rejects (the client turns it
 * into a network error on screen). Returns the mock, whose calls `sentBodies` reads.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request: ${key}`);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler(body, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to "METHOD /path", in order. */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
