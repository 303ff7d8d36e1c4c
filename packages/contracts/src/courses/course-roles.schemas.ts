import { z } from 'zod';
import { COURSE_ROLES, ROLE_FILTERS } from './course-roles.ts';

/** The schemas of course-roles.ts's lists; their inferred types are CourseRole and RoleFilter. */
export const CourseRoleSchema = z.enum(COURSE_ROLES);
export const RoleFilterSchema = z.enum(ROLE_FILTERS);
