import type { CurrentUser, Department, Org, User } from '@lectern/contracts/identity/identity.schemas';
import type { departments, orgs } from '../../db/schema/identity.ts';
import { publicSettingsOf } from './org-settings.ts';
import type { UserWithDepartment } from './users.repository.ts';

/** Rows become wire shapes here and nowhere else. */
export function presentUser(row: UserWithDepartment): User {
  return {
    id: row.id,
    user_no: row.userNo,
    name: row.name,
    aliases: row.aliases,
    email: row.email,
    mobile_phone: row.mobilePhone,
    avatar_small_url: row.avatarSmallUrl,
    avatar_big_url: row.avatarBigUrl,
    department:
      row.departmentId !== null && row.departmentName !== null
        ? { id: row.departmentId, name: row.departmentName }
        : null,
    org_id: row.orgId,
    org_role: row.orgRole,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentOrg(row: typeof orgs.$inferSelect): Org {
  return { id: row.id, name: row.name, code: row.code, settings: publicSettingsOf(row.settings) };
}

export function presentDepartment(row: typeof departments.$inferSelect): Department {
  return { id: row.id, name: row.name, code: row.code, parent_id: row.parentId, sort: row.sort };
}

export function presentCurrentUser(
  user: UserWithDepartment,
  org: typeof orgs.$inferSelect,
  session: { simulatingCourseId: number | null },
  canCreateCourse: boolean,
): CurrentUser {
  return {
    ...presentUser(user),
    org: presentOrg(org),
    simulating_course_id: session.simulatingCourseId,
    can_create_course: canCreateCourse,
    time_zone: user.timeZone,
  };
}
