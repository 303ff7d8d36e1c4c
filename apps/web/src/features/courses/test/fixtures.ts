import type { CourseSummary, GroupSet, Member } from '@lectern/contracts/courses/course.schemas';
import { makeCourse } from '../../../test/fixtures.ts';

/** Courses-only test data, shaped exactly like the API's answers, with overridable fields. */

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
