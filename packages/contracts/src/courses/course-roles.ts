import { z } from 'zod';

/** Roles a member can hold in a course. A member may hold several; the first is their primary role. */
export const COURSE_ROLES = [
  'instructor',
  'instructor_assistant',
  'student_assistant',
  'student',
  'customer',
] as const;
export const CourseRoleSchema = z.enum(COURSE_ROLES);
export type CourseRole = z.infer<typeof CourseRoleSchema>;

/** The course owner; only used as a filter (spec: teaching selection filters to chief_instructor and instructor). */
export const CHIEF_INSTRUCTOR = 'chief_instructor' as const;
export const RoleFilterSchema = z.enum([CHIEF_INSTRUCTOR, ...COURSE_ROLES]);
export type RoleFilter = z.infer<typeof RoleFilterSchema>;

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
