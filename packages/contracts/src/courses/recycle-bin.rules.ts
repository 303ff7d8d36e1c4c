import type { CourseRole } from './course-roles.ts';

/**
 * Who may list a course's recycle bin, restore from it and delete for good (decision 0015): the
 * course's owner, its instructors and organisation administrators. Assistants may delete activities,
 * which stay restorable, but bringing back or destroying learners' work is the instructors' call.
 */
export function canManageRecycleBin(who: {
  roles: readonly CourseRole[];
  isChiefInstructor: boolean;
  isOrgAdmin: boolean;
}): boolean {
  return who.isChiefInstructor || who.isOrgAdmin || who.roles.includes('instructor');
}
