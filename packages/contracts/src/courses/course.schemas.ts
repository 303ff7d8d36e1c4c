import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { ConditionsSchema, PageMetaSchema } from '../common/pagination.schemas.ts';
import { FieldsQuerySchema, IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { CourseRoleSchema, RoleFilterSchema } from './course-roles.schemas.ts';
import { isCourseCoverUrl } from './cover-url.ts';
import { COURSE_LIMITS } from './course.limits.ts';

/**
 * Meeting types whose host must have a mobile phone bound (spec 001 section 5: ClassIn hosts are offered
 * only with a phone). `GET /api/courses/{id}/hosts?type=` lists only such members for these types.
 */
export const PHONE_HOST_MEETING_TYPES: readonly string[] = ['classin', 'tencent_meeting'];

const Ref = z.object({ id: z.number().int(), name: z.string() });
const CodedRef = Ref.extend({ code: z.string() });

export const SyllabusSchema = z
  .object({ id: z.number().int(), summary: z.string(), module_id: z.number().int(), sort: z.number().int() })
  .meta({ id: 'Syllabus' });
export type Syllabus = z.infer<typeof SyllabusSchema>;

export const CourseModuleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sort: z.number().int(),
    syllabuses: z.array(SyllabusSchema),
  })
  .meta({ id: 'CourseModule' });
export type CourseModule = z.infer<typeof CourseModuleSchema>;

export const PersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_no: z.string(),
  avatar_small_url: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** Every read field of spec 001 section 3 "Course read fields", plus what the viewer may do. */
export const CourseSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    second_name: z.string().nullable(),
    course_subject_id: z.number().int().nullable(),
    subject_code: z.string().nullable(),
    course_code: z.string().nullable(),
    academic_year: CodedRef.nullable(),
    semester: CodedRef.nullable(),
    academic_year_id: z.number().int().nullable(),
    semester_id: z.number().int().nullable(),
    compulsory: z.boolean(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    classroom_schedule: z.string().nullable(),
    credit: z.string().nullable(),
    course_type: z.number().int(),
    department: Ref.nullable(),
    imported_from: z.string().nullable(),
    grade: z.string().nullable(),
    klass: z.string().nullable(),
    instructors: z.array(Ref.extend({ avatar_small_url: z.string().nullable() })),
    created_user: Ref,
    public_scope: z.string(),
    cover: z.string().nullable(),
    access: z.record(z.string(), z.unknown()),
    course_attributes: z.record(z.string(), z.unknown()),
    course_classification: Ref.nullable(),
    classification_id: z.number().int().nullable(),
    course_pictures: z.array(z.string()),
    opened_roles: z.array(z.string()),
    opened_departments: z.array(Ref),
    selected_certification: z.string().nullable(),
    public_to_orgs: z.array(Ref),
    students_count: z.number().int(),
    modules: z.array(CourseModuleSchema),
    is_blocked: z.boolean(),
    created_at: IsoDateTimeSchema,
    /** The viewer's roles here (a simulating instructor sees ['student']). */
    current_user_roles: z.array(CourseRoleSchema),
    /** The viewer is viewing this course as a student. */
    simulating: z.boolean(),
    /** The viewer may edit the course, its activities, members and groups right now. */
    can_manage: z.boolean(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof CourseSchema>;
export type CourseField = keyof Course;

/** `GET /api/courses/{id}?fields=` answers only the fields asked for (id always). */
export const CourseSelectionSchema = CourseSchema.partial().extend({ id: z.number().int() });

export const CourseFieldsQuerySchema = z.object({ fields: FieldsQuerySchema });

const optionalText = (max: number) => plainText().max(max, 'courses.textTooLong').nullable().optional();
const optionalDate = z.iso.date('courses.dateInvalid').nullable().optional();

export const CreateCourseRequestSchema = z.object({
  name: plainText('courses.nameRequired')
    .min(1, 'courses.nameRequired')
    .max(COURSE_LIMITS.nameMax, 'courses.textTooLong'),
  display_name: optionalText(COURSE_LIMITS.nameMax),
  second_name: optionalText(COURSE_LIMITS.nameMax),
  course_code: optionalText(COURSE_LIMITS.codeMax),
  subject_code: optionalText(COURSE_LIMITS.codeMax),
  academic_year_id: IdSchema.nullable().optional(),
  semester_id: IdSchema.nullable().optional(),
  department_id: IdSchema.nullable().optional(),
  compulsory: z.boolean().optional(),
  start_date: optionalDate,
  /** Not before start_date (checked by the server against the stored value on update). */
  end_date: optionalDate,
  classroom_schedule: optionalText(500),
  credit: optionalText(16),
  course_type: z.number().int().min(1).optional(),
  grade: optionalText(64),
  klass: optionalText(128),
  public_scope: z.string().trim().min(1).max(32).optional(),
  /** An http(s) address or one of our own uploads (`isCourseCoverUrl`); nothing that can run script. */
  cover: z
    .string()
    .trim()
    .max(1000, 'courses.textTooLong')
    .refine(isCourseCoverUrl, 'courses.coverUrlInvalid')
    .nullable()
    .optional(),
});
export type CreateCourseRequest = z.input<typeof CreateCourseRequestSchema>;

export const UpdateCourseRequestSchema = CreateCourseRequestSchema.partial();
export type UpdateCourseRequest = z.input<typeof UpdateCourseRequestSchema>;

/** A course as "my courses" lists it. */
export const CourseSummarySchema = CourseSchema.pick({
  id: true,
  name: true,
  display_name: true,
  course_code: true,
  cover: true,
  course_type: true,
  academic_year: true,
  semester: true,
  start_date: true,
  end_date: true,
  department: true,
  klass: true,
  instructors: true,
  students_count: true,
  current_user_roles: true,
  is_blocked: true,
  created_at: true,
}).meta({ id: 'CourseSummary' });
export type CourseSummary = z.infer<typeof CourseSummarySchema>;
/** A summary restricted by `fields` (id always). */
export const CourseSummarySelectionSchema = CourseSummarySchema.partial().extend({ id: z.number().int() });
export type CourseSummarySelection = z.infer<typeof CourseSummarySelectionSchema>;

export const COURSE_STATUSES = ['ongoing', 'not_started', 'closed'] as const;

/** One id, or a list of them as some original clients send (`"semester_id": ["7"]`); empty means any. */
const idOrIds = z
  .union([IdSchema, z.array(IdSchema).max(100)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/**
 * Body of `POST /api/my-courses`. conditions.role restricts to courses where the user holds one of the
 * roles (chief_instructor: courses the user created). `fields` selects top-level summary fields (id always).
 */
export const MyCoursesRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  fields: FieldsQuerySchema,
  conditions: ConditionsSchema.pipe(
    z
      .object({
        role: z.array(RoleFilterSchema).optional(),
        keyword: z.string().trim().max(100).optional(),
        semester_id: idOrIds.optional(),
        academic_year_id: idOrIds.optional(),
        status: z.enum(COURSE_STATUSES).optional(),
      })
      .loose(),
  ),
});
export type MyCoursesRequest = z.input<typeof MyCoursesRequestSchema>;

export const MyCoursesResponseSchema = PageMetaSchema.extend({
  courses: z.array(CourseSummarySelectionSchema),
});
export type MyCoursesResponse = z.infer<typeof MyCoursesResponseSchema>;

/**
 * A course as the "courses I teach" pickers list it: `POST /api/my-courses` with
 * `fields: 'id,name,display_name'`. The server answers every field named in `fields` that the summary
 * has, so it does send display_name (the name when none is set); it stays optional here as in the
 * selection the route declares (`CourseSummarySelectionSchema`), and the pickers fall back to the name.
 */
export const TeachingCourseSchema = CourseSummarySchema.pick({
  id: true,
  name: true,
  display_name: true,
}).partial({ display_name: true });
export type TeachingCourse = z.infer<typeof TeachingCourseSchema>;
/** `POST /api/my-courses` as the "courses I teach" pickers ask for it (see TeachingCourseSchema). */
export const TeachingCoursesResponseSchema = PageMetaSchema.extend({
  courses: z.array(TeachingCourseSchema),
});
export type TeachingCoursesResponse = z.infer<typeof TeachingCoursesResponseSchema>;

/**
 * `GET /api/my-courses` and `GET /api/users/{id}/courses`: the same filters as the POST body, sent as a
 * query string by the original clients (conditions as a JSON string).
 */
export const MyCoursesQuerySchema = MyCoursesRequestSchema;

/** A course as the recently-visited list shows it, with when the user last opened it. */
export const VisitedCourseSchema = CourseSummarySchema.extend({ visited_at: IsoDateTimeSchema }).meta({
  id: 'VisitedCourse',
});
export type VisitedCourse = z.infer<typeof VisitedCourseSchema>;
/** `GET /api/user/recently-visited-courses`: the caller's courses, last opened first. */
export const RecentlyVisitedCoursesResponseSchema = z.object({
  visited_courses: z.array(VisitedCourseSchema),
});
export type RecentlyVisitedCoursesResponse = z.infer<typeof RecentlyVisitedCoursesResponseSchema>;

export const SemesterSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    sort: z.number().int(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    academic_year: CodedRef,
  })
  .meta({ id: 'Semester' });
export type Semester = z.infer<typeof SemesterSchema>;
export const MySemestersResponseSchema = z.object({ semesters: z.array(SemesterSchema) });

/**
 * `GET /api/current-semester-info`: the organisation's semester running today (else the latest one that
 * has started, else none) and its academic year. Always an object, so clients can use it as a session check.
 */
export const CurrentSemesterInfoSchema = z.object({
  semester: SemesterSchema.omit({ academic_year: true }).nullable(),
  academic_year: CodedRef.nullable(),
});
export type CurrentSemesterInfo = z.infer<typeof CurrentSemesterInfoSchema>;

export const ModulesResponseSchema = z.object({ modules: z.array(CourseModuleSchema) });
export type ModulesResponse = z.infer<typeof ModulesResponseSchema>;
export const CreateModuleRequestSchema = z.object({
  name: plainText('courses.moduleNameRequired')
    .min(1, 'courses.moduleNameRequired')
    .max(COURSE_LIMITS.moduleNameMax, 'courses.textTooLong'),
  /** Omitted: the module goes after the last one. */
  sort: z.number().int().min(0).optional(),
});
export type CreateModuleRequest = z.input<typeof CreateModuleRequestSchema>;
export const UpdateModuleRequestSchema = CreateModuleRequestSchema.partial();
export type UpdateModuleRequest = z.input<typeof UpdateModuleRequestSchema>;
/** The new order; every id must belong to the parent. Ids left out keep their order after the listed ones. */
export const SortRequestSchema = z.object({
  ids: z.array(IdSchema).min(1, 'courses.sortIdsRequired').max(1000),
});
export type SortRequest = z.infer<typeof SortRequestSchema>;

export const CreateSyllabusRequestSchema = z.object({
  module_id: IdSchema,
  summary: plainText('courses.syllabusSummaryRequired')
    .min(1, 'courses.syllabusSummaryRequired')
    .max(COURSE_LIMITS.syllabusSummaryMax, 'courses.textTooLong'),
  /** Omitted: the syllabus goes after the last one of its module. */
  sort: z.number().int().min(0).optional(),
});
export type CreateSyllabusRequest = z.input<typeof CreateSyllabusRequestSchema>;
export const UpdateSyllabusRequestSchema = CreateSyllabusRequestSchema.partial();
export type UpdateSyllabusRequest = z.input<typeof UpdateSyllabusRequestSchema>;

/** A course member as the member lists show them. */
export const MemberSchema = PersonSchema.extend({
  email: z.string().nullable(),
  mobile_phone_bound: z.boolean(),
  department: Ref.nullable(),
  course_roles: z.array(CourseRoleSchema),
  is_chief_instructor: z.boolean(),
  joined_at: IsoDateTimeSchema,
}).meta({ id: 'CourseMember' });
export type Member = z.infer<typeof MemberSchema>;
/** A member restricted by `fields` (id always). */
export const MemberSelectionSchema = MemberSchema.partial().extend({ id: z.number().int() });
export type MemberSelection = z.infer<typeof MemberSelectionSchema>;

export const MembersResponseSchema = z.object({ members: z.array(MemberSchema) });
export const StudentsResponseSchema = z.object({ students: z.array(MemberSchema) });
export const InstructorsResponseSchema = z.object({ instructors: z.array(MemberSchema) });
export const EducatorsQuerySchema = z.object({ fields: FieldsQuerySchema });
export const EducatorsResponseSchema = z.object({ educators: z.array(MemberSelectionSchema) });
export const HostsResponseSchema = z.object({ hosts: z.array(MemberSchema) });
export const HostsQuerySchema = z.object({ type: z.string().max(64).optional() });

export const AddMembersRequestSchema = z
  .object({
    user_ids: z.array(IdSchema).max(2000).optional(),
    /** Members can also be added by user number, as teachers usually know them. */
    user_nos: z.array(z.string().trim().min(1)).max(2000).optional(),
    roles: z.array(CourseRoleSchema, 'courses.rolesRequired').min(1, 'courses.rolesRequired'),
  })
  .refine((v) => (v.user_ids?.length ?? 0) + (v.user_nos?.length ?? 0) > 0, {
    message: 'courses.membersRequired',
    path: ['user_nos'],
  });
export type AddMembersRequest = z.input<typeof AddMembersRequestSchema>;
export type AddMembersInput = z.output<typeof AddMembersRequestSchema>;
export const AddMembersResponseSchema = z.object({
  members: z.array(MemberSchema),
  /** User numbers that matched nobody in the organisation. */
  not_found: z.array(z.string()),
});
export const UpdateMemberRequestSchema = z.object({
  roles: z.array(CourseRoleSchema, 'courses.rolesRequired').min(1, 'courses.rolesRequired'),
});
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequestSchema>;
export const MemberParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

/** `GET /api/courses/{id}/enrollments/users/{u}`: one member's enrolment. */
export const EnrollmentParamsSchema = z.object({ id: IdSchema, userId: IdSchema });
export const EnrollmentSchema = z
  .object({
    course_id: z.number().int(),
    user_id: z.number().int(),
    user: MemberSchema,
    roles: z.array(CourseRoleSchema),
    created_at: IsoDateTimeSchema,
  })
  .meta({ id: 'Enrollment' });
export type Enrollment = z.infer<typeof EnrollmentSchema>;

export const GroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sort: z.number().int(),
    group_set_id: z.number().int(),
    members: z.array(PersonSchema),
    leaders: z.array(PersonSchema),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof GroupSchema>;

export const GroupSetSchema = z
  .object({
    id: z.number().int(),
    group_set_id: z.number().int(),
    name: z.string(),
    /** Everyone in any group of this set. */
    members: z.array(PersonSchema),
    leaders: z.array(PersonSchema),
    created_at: IsoDateTimeSchema,
    sort: z.number().int(),
    groups: z.array(GroupSchema),
  })
  .meta({ id: 'GroupSet' });
export type GroupSet = z.infer<typeof GroupSetSchema>;

export const GroupSetsQuerySchema = z.object({
  /** -1 (or absent) preloads the groups of every set; an id preloads only that set's groups. */
  preload_id: z.coerce.number().int().optional(),
  fields: FieldsQuerySchema,
});
export type GroupSetsQuery = z.infer<typeof GroupSetsQuerySchema>;
export const GroupSetSelectionSchema = GroupSetSchema.partial().extend({ id: z.number().int() });
export type GroupSetSelection = z.infer<typeof GroupSetSelectionSchema>;
export const GroupSetsResponseSchema = z.object({ group_sets: z.array(GroupSetSelectionSchema) });

const groupSetName = plainText('courses.groupSetNameRequired')
  .min(1, 'courses.groupSetNameRequired')
  .max(COURSE_LIMITS.groupNameMax, 'courses.textTooLong');
const groupName = plainText('courses.groupNameRequired')
  .min(1, 'courses.groupNameRequired')
  .max(COURSE_LIMITS.groupNameMax, 'courses.textTooLong');

export const CreateGroupSetRequestSchema = z.object({
  name: groupSetName,
  /** Optionally create the set's groups at once, in this order. */
  group_names: z.array(groupName).max(200).optional(),
});
export type CreateGroupSetRequest = z.input<typeof CreateGroupSetRequestSchema>;
export const UpdateGroupSetRequestSchema = z.object({
  name: groupSetName.optional(),
  sort: z.number().int().min(0).optional(),
});
export type UpdateGroupSetRequest = z.input<typeof UpdateGroupSetRequestSchema>;
export const CreateGroupRequestSchema = z.object({ name: groupName });
export type CreateGroupRequest = z.input<typeof CreateGroupRequestSchema>;
export const UpdateGroupRequestSchema = z.object({
  name: groupName.optional(),
  /** The whole membership of the group; a student already in another group of the set moves here. */
  member_ids: z.array(IdSchema).max(2000).optional(),
  /** Leaders among the group's members; omitted keeps the leaders who stay members. */
  leader_ids: z.array(IdSchema).max(2000).optional(),
});
export type UpdateGroupRequest = z.input<typeof UpdateGroupRequestSchema>;

export const GroupUsersQuerySchema = z.object({
  group_name: z.string().trim().max(COURSE_LIMITS.groupNameMax).optional(),
});
export const GroupUsersResponseSchema = z.object({
  users: z.array(PersonSchema.extend({ group_name: z.string() })),
});

export const SimulateRequestSchema = z.object({ simulating: z.boolean() });
export const SimulateResponseSchema = z.object({ simulating_course_id: z.number().int().nullable() });
export type SimulateResponse = z.infer<typeof SimulateResponseSchema>;
