import { isTeaching, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { canManageRecycleBin } from '@lectern/contracts/courses/recycle-bin.rules';
import { AppError, type Message } from '../../platform/errors.ts';

/** What the caller is in one course. Built once per request by `courseAccess(...).load`. */
export type CourseAccess = Readonly<{
  courseId: number;
  orgId: number;
  userId: number;
  /** Roles actually held (sorted, primary first). */
  roles: readonly CourseRole[];
  /** Roles the caller acts with: ['student'] while viewing the course as a student. */
  effectiveRoles: readonly CourseRole[];
  isChiefInstructor: boolean;
  isOrgAdmin: boolean;
  simulating: boolean;
  courseType: number;
  /** In a combined course, the sub-courses the caller is a student of (absent or empty otherwise). */
  subCourseIds?: readonly number[];
}>;

/**
 * Everything anyone can do on a course or its activities. Services name the action; this file alone
 * decides who may. Writes are refused while simulating, even those a student could do.
 */
export type CourseAction =
  | 'course.read'
  | 'course.manage'
  | 'course.delete'
  | 'recycle_bin.manage'
  | 'members.read_contacts'
  | 'activity.read_unpublished'
  | 'activity.manage'
  | 'simulate'
  | 'learner.participate';

const WRITES: ReadonlySet<CourseAction> = new Set([
  'course.manage',
  'course.delete',
  'recycle_bin.manage',
  'activity.manage',
  'learner.participate',
]);

/** The answer ignoring simulation: used to tell "never allowed" from "not while simulating". */
function allowedByRole(access: CourseAccess, action: CourseAction): boolean {
  const teaching = isTeaching(access.roles) || access.isOrgAdmin;
  switch (action) {
    case 'course.read':
      return access.roles.length > 0 || access.isOrgAdmin;
    case 'course.manage':
    case 'activity.manage':
    case 'members.read_contacts':
    case 'activity.read_unpublished':
      return teaching;
    case 'course.delete':
      // Assistants and co-instructors manage the course; only its owner or an admin may remove it.
      return access.isChiefInstructor || access.isOrgAdmin;
    case 'recycle_bin.manage':
      return canManageRecycleBin(access);
    case 'simulate':
      return isTeaching(access.roles);
    case 'learner.participate':
      return access.roles.some((r) => r !== 'customer') || access.isOrgAdmin;
  }
}

export function can(access: CourseAccess, action: CourseAction): boolean {
  if (!allowedByRole(access, action)) return false;
  if (!access.simulating) return true;
  // A simulating instructor sees what a student sees and writes nothing.
  if (WRITES.has(action)) return false;
  return action === 'course.read' || action === 'simulate';
}

/** Throws simulating_read_only or forbidden; `detail` names why in the second case. */
export function assertCan(access: CourseAccess, action: CourseAction, detail?: Message): void {
  if (can(access, action)) return;
  if (access.simulating && allowedByRole(access, action)) throw new AppError('simulating_read_only');
  throw new AppError('forbidden', detail);
}

/**
 * Creating a course is not scoped to one course: organisation administrators may, and so may anyone who
 * already teaches (holds the instructor role in) a course of the organisation.
 */
export function canCreateCourse(who: { isOrgAdmin: boolean; teachesInOrg: boolean }): boolean {
  return who.isOrgAdmin || who.teachesInOrg;
}
