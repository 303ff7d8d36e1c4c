import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';
import { LIMITS } from './identity.limits.ts';

export const ORG_ROLES = ['admin', 'member'] as const;
export const OrgRoleSchema = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRoleSchema>;

export const OrgSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    settings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Org' });
export type Org = z.infer<typeof OrgSchema>;

export const DepartmentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    parent_id: z.number().int().nullable(),
    sort: z.number().int(),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof DepartmentSchema>;

export const DepartmentsResponseSchema = z.object({ departments: z.array(DepartmentSchema) });

export const DepartmentRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const UserSchema = z
  .object({
    id: z.number().int(),
    user_no: z.string(),
    name: z.string(),
    aliases: z.string().nullable(),
    email: z.string().nullable(),
    mobile_phone: z.string().nullable(),
    avatar_small_url: z.string().nullable(),
    avatar_big_url: z.string().nullable(),
    department: DepartmentRefSchema.nullable(),
    org_id: z.number().int(),
    org_role: OrgRoleSchema,
    active: z.boolean(),
    created_at: IsoDateTimeSchema,
    /**
     * In the administrators' user list: whether the user teaches (instructor or teaching assistant) in a
     * course of the organisation, so the list can tell instructors from students.
     */
    teaches: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** The signed-in user, with their organisation. */
export const CurrentUserSchema = UserSchema.extend({
  org: OrgSchema,
  simulating_course_id: z.number().int().nullable(),
  /** The server's canCreateCourse rule for this user, so the UI offers only what will be accepted. */
  can_create_course: z.boolean(),
  /** IANA zone from the user's settings (PUT /api/user/settings); null follows the browser. */
  time_zone: z.string().nullable().optional(),
}).meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const LoginRequestSchema = z.object({
  /** User number or e-mail address. */
  login: z.string().trim().min(1, 'identity.loginRequired').max(254),
  password: z.string().min(1, 'identity.passwordRequired').max(LIMITS.passwordMax),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

const userNo = z.string().trim().min(1, 'identity.userNoRequired').max(LIMITS.userNoMax);
const userName = z.string().trim().min(1, 'identity.nameRequired').max(LIMITS.nameMax);
const email = z.string().trim().toLowerCase().pipe(z.email('identity.emailInvalid')).nullable().optional();
const password = z.string().min(LIMITS.passwordMin, 'identity.passwordTooShort').max(LIMITS.passwordMax);

export const CreateUserRequestSchema = z.object({
  user_no: userNo,
  name: userName,
  aliases: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
  email,
  mobile_phone: z.string().trim().max(32).nullable().optional(),
  department_id: IdSchema.nullable().optional(),
  org_role: OrgRoleSchema.default('member'),
  password,
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({
  user_no: userNo.optional(),
  name: userName.optional(),
  aliases: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
  email,
  mobile_phone: z.string().trim().max(32).nullable().optional(),
  department_id: IdSchema.nullable().optional(),
  org_role: OrgRoleSchema.optional(),
  active: z.boolean().optional(),
  password: password.optional(),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequestSchema>;

export const ListUsersQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  department_id: IdSchema.optional(),
  active: QueryBooleanSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const UsersPageSchema = PageMetaSchema.extend({ users: z.array(UserSchema) });
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** CSV columns, in this order in the template; a header row is required. */
export const USER_CSV_COLUMNS = ['user_no', 'name', 'email', 'department', 'role', 'password'] as const;

export const ImportUsersRequestSchema = z.object({
  csv: z
    .string()
    .min(1, 'identity.csvEmpty')
    .max(5 * 1024 * 1024),
});
export type ImportUsersRequest = z.infer<typeof ImportUsersRequestSchema>;

export const ImportUsersResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Generated passwords for new users whose row gave none; shown once to the administrator. */
  initial_passwords: z.array(z.object({ user_no: z.string(), password: z.string() })),
});
export type ImportUsersResponse = z.infer<typeof ImportUsersResponseSchema>;
