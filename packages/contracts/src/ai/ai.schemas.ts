import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/** The features that call a model; each may have its own model and credit rate. */
export const AI_FEATURES = [
  'question_import',
  'rubric_generation',
  'grading',
  'video_generation',
  'knowledge_parse',
] as const;
export const AiFeatureSchema = z.enum(AI_FEATURES);
export type AiFeature = z.infer<typeof AiFeatureSchema>;

/** `GET /api/ai/status`: whether a model is configured, so the web app can hide AI features. */
export const AiStatusResponseSchema = z
  .object({
    available: z.boolean(),
    credit_mode: z.enum(['allocation', 'credit_pool']),
    max_text_length: z.number().int(),
  })
  .meta({ id: 'AiStatus' });
export type AiStatusResponse = z.infer<typeof AiStatusResponseSchema>;

/**
 * A user's AI credit, with the field names the spec gives (camelCase, as the original product sends them).
 * creditUsedPercent is at least 1 once anything is used, so a sliver of use never reads as none.
 */
export const UserCreditSchema = z
  .object({
    userId: z.number().int(),
    userNo: z.string(),
    userName: z.string(),
    department: z.string().nullable(),
    role: z.enum(['instructor', 'admin']),
    creditAssigned: z.number().int(),
    creditUsed: z.number().int(),
    creditRemaining: z.number().int(),
    creditUsedPercent: z.number().int(),
    isLowAirCredit: z.boolean(),
  })
  .meta({ id: 'UserCredit' });
export type UserCredit = z.infer<typeof UserCreditSchema>;

/** The organisation's credit: what it holds, what it has handed to users, and what was used. */
export const OrgCreditSchema = z
  .object({
    creditAssigned: z.number().int(),
    creditUsed: z.number().int(),
    userCreditAssigned: z.number().int(),
    userCreditUsed: z.number().int(),
    courseCreditAssigned: z.number().int(),
    courseCreditUsed: z.number().int(),
    creditRemaining: z.number().int(),
  })
  .meta({ id: 'OrgCredit' });
export type OrgCredit = z.infer<typeof OrgCreditSchema>;

/** A paged list as the spec names its fields: items, page, pageSize, pages, total, start, end. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    start: z.number().int(),
    end: z.number().int(),
  });
}

export const AiPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type AiPageQuery = z.infer<typeof AiPageQuerySchema>;

export const UserCreditPageSchema = pagedListSchema(UserCreditSchema).meta({ id: 'UserCreditPage' });
export type UserCreditPage = z.infer<typeof UserCreditPageSchema>;

export const CreditRequestStatusSchema = z.enum(['pending', 'approved', 'refused']);

/** Whom the credits of a request are for: the requester, or one course the requester teaches. */
export const CreditTargetTypeSchema = z.enum(['user', 'course']);
export type CreditTargetType = z.infer<typeof CreditTargetTypeSchema>;

export const CreditRequestSchema = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), user_no: z.string(), name: z.string() }),
    applied_credits: z.number().int(),
    approved_credits: z.number().int().nullable(),
    reason: z.string(),
    status: CreditRequestStatusSchema,
    remark: z.string().nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    auditor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    read: z.boolean(),
    target_type: CreditTargetTypeSchema,
    /** The course whose credits are asked for when `target_type` is `course`. */
    course: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'CreditRequest' });
export type CreditRequest = z.infer<typeof CreditRequestSchema>;

export const CreditRequestPageSchema = pagedListSchema(CreditRequestSchema).meta({ id: 'CreditRequestPage' });
export type CreditRequestPage = z.infer<typeof CreditRequestPageSchema>;

/**
 * `POST /api/ai/credit-requests`: an instructor asks for more credits, for themself or (with `course_id`) for
 * a course they teach; approving one for a course allocates to that course and switches its AI on.
 */
export const CreateCreditRequestSchema = z
  .object({
    applied_credits: z.number().int().min(1).max(100_000_000),
    reason: z.string().trim().max(1000).default(''),
    target_type: CreditTargetTypeSchema.default('user'),
    course_id: IdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.target_type === 'course' && value.course_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'ai.requestCourseRequired' });
    if (value.target_type === 'user' && value.course_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'ai.requestCourseUnexpected' });
  });
export type CreateCreditRequest = z.input<typeof CreateCreditRequestSchema>;
export type CreateCreditRequestBody = z.output<typeof CreateCreditRequestSchema>;

/** `PUT /api/ai/credit-requests/{id}/approve`: the credits granted may be fewer than asked. */
export const ApproveCreditRequestSchema = z.object({
  approved_credits: z.number().int().min(1).max(100_000_000),
  remark: z.string().trim().max(1000).optional(),
});
export type ApproveCreditRequest = z.input<typeof ApproveCreditRequestSchema>;

export const RefuseCreditRequestSchema = z.object({ remark: z.string().trim().max(1000).optional() });

/** `PUT /api/ai/users/{userId}/credit`: sets the credits assigned to one user (never below what they used). */
export const AllocateUserCreditSchema = z.object({ assigned: z.number().int().min(0).max(100_000_000) });

export const CreditRequestIdParamsSchema = z.object({ id: IdSchema });
export const AiUserIdParamsSchema = z.object({ userId: IdSchema });

/** Paged admin lists take the spec's page fields and an optional keyword (user number, name, department…). */
export const AiListQuerySchema = AiPageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
});
export type AiListQuery = z.input<typeof AiListQuerySchema>;

/**
 * A course's AI credit (spec 001 section 3: course fields plus the credit state `creditRemaining`, `status`).
 * status: `inactive` while AI is off for the course, `active` with credit left, `exhausted` when it has none.
 */
export const CourseCreditStatusSchema = z.enum(['inactive', 'active', 'exhausted']);
export const CourseCreditSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    courseCode: z.string().nullable(),
    courseType: z.number().int(),
    academicYear: z.string().nullable(),
    semester: z.string().nullable(),
    instructors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    klass: z.string().nullable(),
    department: z.string().nullable(),
    aiActivation: z.boolean(),
    creditAssigned: z.number().int(),
    creditUsed: z.number().int(),
    creditRemaining: z.number().int(),
    status: CourseCreditStatusSchema,
  })
  .meta({ id: 'CourseCredit' });
export type CourseCredit = z.infer<typeof CourseCreditSchema>;

export const CourseCreditPageSchema = pagedListSchema(CourseCreditSchema).meta({ id: 'CourseCreditPage' });
export type CourseCreditPage = z.infer<typeof CourseCreditPageSchema>;

/** `PUT /api/ai/courses/{courseId}/credit`: the course's assigned credits and whether AI is on for it. */
export const AllocateCourseCreditSchema = z.object({
  assigned: z.number().int().min(0).max(100_000_000),
  aiActivation: z.boolean().optional(),
});
export type AllocateCourseCredit = z.input<typeof AllocateCourseCreditSchema>;

export const AiCourseIdParamsSchema = z.object({ courseId: IdSchema });

/** `PUT /api/ai/org-credit`: the credit the organisation holds in total (never below what it has handed out). */
export const SetOrgCreditSchema = z.object({ creditAssigned: z.number().int().min(0).max(1_000_000_000) });
export type SetOrgCredit = z.input<typeof SetOrgCreditSchema>;

/** Video file types the knowledge base may take; lower-case extensions. */
export const KB_VIDEO_TYPES = [
  'mp4',
  'mov',
  'avi',
  'mkv',
  'webm',
  'flv',
  'wmv',
  'm4v',
  'mpg',
  'mpeg',
] as const;

/**
 * The organisation's AI settings (spec 001 section 3, config). Limits left null fall back to the server's
 * environment (max_text_length: AI_MAX_TEXT_LENGTH). Sizes in megabytes.
 */
export const AiConfigSchema = z
  .object({
    credit_mode: z.enum(['allocation', 'credit_pool']),
    course_guides_enable: z.boolean(),
    allowed_kb_video_type: z.array(z.enum(KB_VIDEO_TYPES)),
    max_upload_file_size: z.number().int().nullable(),
    max_text_length: z.number().int().nullable(),
    max_number_of_quizzes: z.number().int().nullable(),
  })
  .meta({ id: 'AiConfig' });
export type AiConfig = z.infer<typeof AiConfigSchema>;

/** `PUT /api/ai/config`: any subset; null clears a limit back to the server default. */
export const UpdateAiConfigSchema = z
  .object({
    credit_mode: z.enum(['allocation', 'credit_pool']),
    course_guides_enable: z.boolean(),
    allowed_kb_video_type: z
      .array(z.enum(KB_VIDEO_TYPES))
      .max(KB_VIDEO_TYPES.length)
      .refine((types) => new Set(types).size === types.length, { message: 'Each type once.' }),
    max_upload_file_size: z.number().int().min(1).max(102_400).nullable(),
    max_text_length: z.number().int().min(500).max(1_000_000).nullable(),
    max_number_of_quizzes: z.number().int().min(1).max(200).nullable(),
  })
  .partial();
export type UpdateAiConfig = z.input<typeof UpdateAiConfigSchema>;

/** Usage reports read the ledger between two instants (inclusive from, exclusive to); both optional. */
export const AiUsageQuerySchema = z.object({
  from: IsoDateTimeSchema.optional(),
  to: IsoDateTimeSchema.optional(),
});

export const AiUsageByFeatureSchema = z
  .object({
    items: z.array(
      z.object({
        feature: z.string(),
        calls: z.number().int(),
        promptTokens: z.number().int(),
        completionTokens: z.number().int(),
        credits: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AiUsageByFeature' });
export type AiUsageByFeature = z.infer<typeof AiUsageByFeatureSchema>;

export const AiUserUsageSchema = z.object({
  userId: z.number().int(),
  userNo: z.string(),
  userName: z.string(),
  department: z.string().nullable(),
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  credits: z.number().int(),
});
export type AiUserUsage = z.infer<typeof AiUserUsageSchema>;

export const AiUsageByUserPageSchema = pagedListSchema(AiUserUsageSchema).meta({ id: 'AiUsageByUserPage' });
export type AiUsageByUserPage = z.infer<typeof AiUsageByUserPageSchema>;

export const AiUsageByUserQuerySchema = AiListQuerySchema.extend(AiUsageQuerySchema.shape);
