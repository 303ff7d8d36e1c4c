/**
 * Course roles and the rules on them, without zod: the course page reads them on its first load
 * (decision 0014). Their schemas are in course-roles.schemas.ts.
 */

/** Roles a member can hold in a course. A member may hold several; the first is their primary role. */
export const COURSE_ROLES = [
  'instructor',
  'instructor_assistant',
  'student_assistant',
  'student',
  'customer',
] as const;
export type CourseRole = (typeof COURSE_ROLES)[number];

/** The course owner; only used as a filter (spec: teaching selection filters to chief_instructor and instructor). */
export const CHIEF_INSTRUCTOR = 'chief_instructor' as const;
export const ROLE_FILTERS = [CHIEF_INSTRUCTOR, ...COURSE_ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The teaching team: may edit the course, its activities, members and groups. */
export const TEACHING_ROLES: readonly CourseRole[] = ['instructor', 'instructor_assistant'];

/** Course type 13 is the blueprint type (spec 001 section 9). */
export const BLUEPRINT_COURSE_TYPE = 13;

export function isTeaching(roles: readonly CourseRole[]): boolean {
  return roles.some((role) => TEACHING_ROLES.includes(role));
}

/** Orders roles so the most privileged comes first; the first is the one sent with questions. */
export function sortRoles(roles: readonly CourseRole[]): CourseRole[] {
  return [...new Set(roles)].sort((a, b) => COURSE_ROLES.indexOf(a) - COURSE_ROLES.indexOf(b));
}
