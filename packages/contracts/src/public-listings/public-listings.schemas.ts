import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { ConditionsSchema, PageMetaSchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';
import { CourseModuleSchema } from '../courses/course.schemas.ts';
import { isCourseCoverUrl } from '../courses/cover-url.ts';

/**
 * Who may read a course or curriculum outside its membership: `public` anyone (the anonymous-api),
 * `org` the signed-in people of its organisation; anything else (`private`, the default, or the
 * original system's `none`) nobody beyond its members, and public reads answer 404 for it.
 */
export const PUBLIC_SCOPES = ['private', 'org', 'public'] as const;
export const PublicScopeSchema = z.enum(PUBLIC_SCOPES, 'publicListings.scopeInvalid');
export type PublicScope = z.infer<typeof PublicScopeSchema>;

export const PUBLIC_LISTING_LIMITS = {
  nameMax: 100,
  certificationTitleMax: 100,
  creditStateMax: 32,
  keywordMax: 100,
  /** numeric(10, 2) */
  chargeMax: 99_999_999.99,
  curriculumCoursesMax: 100,
} as const;

export const ClassificationSchema = z
  .object({ id: z.number().int(), name: z.string(), sort: z.number().int() })
  .meta({ id: 'PublicClassification' });
export type Classification = z.infer<typeof ClassificationSchema>;

export const ClassificationListResponseSchema = z.object({ classifications: z.array(ClassificationSchema) });
export type ClassificationListResponse = z.infer<typeof ClassificationListResponseSchema>;

export const ClassificationBodySchema = z.object({
  name: plainText('publicListings.nameRequired')
    .min(1, 'publicListings.nameRequired')
    .max(PUBLIC_LISTING_LIMITS.nameMax, 'publicListings.nameTooLong'),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export type ClassificationBody = z.input<typeof ClassificationBodySchema>;

export const PublicInstructorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_small_url: z.string().nullable(),
});

/** Spec 001 section 3, public course card. */
export const PublicCourseCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    cover: z.string().nullable(),
    small_cover: z.string().nullable(),
    classification_id: z.number().int().nullable(),
    knowledge_node_count: z.number().int(),
    activity_count: z.number().int(),
    student_count: z.number().int(),
    module_count: z.number().int(),
    syllabus_count: z.number().int(),
    chapter_count: z.number().int(),
    public_scope: z.string(),
    paid: z.boolean(),
    sign_up_charge_amount: z.string().nullable(),
    certification_title: z.string().nullable(),
    instructors: z.array(PublicInstructorSchema),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    is_started: z.boolean(),
    air: z.boolean(),
  })
  .meta({ id: 'PublicCourseCard' });
export type PublicCourseCard = z.infer<typeof PublicCourseCardSchema>;

const keyword = z
  .string()
  .trim()
  .max(PUBLIC_LISTING_LIMITS.keywordMax, 'publicListings.keywordTooLong')
  .optional();

const listPage = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(12),
};

/**
 * `GET /courses/public`: the filters arrive as query names or, as the original clients send them, inside
 * `conditions` (a JSON object with the same keys); a query name wins over the same key in conditions.
 */
export const PublicCourseListQuerySchema = z.object({
  keyword,
  classification_id: IdSchema.optional(),
  is_started: QueryBooleanSchema.optional(),
  conditions: ConditionsSchema,
  ...listPage,
});
/** What the web client sends: the query names only (conditions are for the original clients). */
export type PublicCourseListQuery = Partial<Omit<z.output<typeof PublicCourseListQuerySchema>, 'conditions'>>;

export const PublicCourseListResponseSchema = PageMetaSchema.extend({
  courses: z.array(PublicCourseCardSchema),
});
export type PublicCourseListResponse = z.infer<typeof PublicCourseListResponseSchema>;

export const PublicCourseStatsSchema = z.object({
  course_count: z.number().int(),
  student_count: z.number().int(),
});
export type PublicCourseStats = z.infer<typeof PublicCourseStatsSchema>;

export const CurriculumCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    cover: z.string().nullable(),
    classification_id: z.number().int().nullable(),
    public_scope: z.string(),
    paid: z.boolean(),
    sign_up_charge_amount: z.string().nullable(),
    certification_title: z.string().nullable(),
    start_date: z.string().nullable(),
    is_started: z.boolean(),
    air: z.boolean(),
    course_count: z.number().int(),
  })
  .meta({ id: 'CurriculumCard' });
export type CurriculumCard = z.infer<typeof CurriculumCardSchema>;

export const CurriculumListQuerySchema = z.object({
  keyword,
  classification_id: IdSchema.optional(),
  conditions: ConditionsSchema,
  ...listPage,
});
export type CurriculumListQuery = Partial<Omit<z.output<typeof CurriculumListQuerySchema>, 'conditions'>>;

export const CurriculumListResponseSchema = PageMetaSchema.extend({
  curriculums: z.array(CurriculumCardSchema),
});
export type CurriculumListResponse = z.infer<typeof CurriculumListResponseSchema>;

export const CurriculumStatsSchema = z.object({
  curriculum_count: z.number().int(),
  student_count: z.number().int(),
});
export type CurriculumStats = z.infer<typeof CurriculumStatsSchema>;

/** `/curriculum/{id}`: the card and the courses of it the caller may read, in the curriculum's order. */
export const CurriculumDetailSchema = CurriculumCardSchema.extend({
  courses: z.array(PublicCourseCardSchema),
});
export type CurriculumDetail = z.infer<typeof CurriculumDetailSchema>;

/** A public course as a visitor reads it before joining: the card, its description fields and its outline. */
export const PublicCourseDetailSchema = PublicCourseCardSchema.extend({
  second_name: z.string().nullable(),
  course_code: z.string().nullable(),
  credit: z.string().nullable(),
  classroom_schedule: z.string().nullable(),
  modules: z.array(CourseModuleSchema),
}).meta({ id: 'PublicCourseDetail' });
export type PublicCourseDetail = z.infer<typeof PublicCourseDetailSchema>;

/** One catalogue entry as the anonymous-api shows it: only published activities, no content. */
export const PublicCatalogActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  module_id: z.number().int().nullable(),
  syllabus_id: z.number().int().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export const PublicCatalogResponseSchema = z.object({ activities: z.array(PublicCatalogActivitySchema) });
export type PublicCatalogResponse = z.infer<typeof PublicCatalogResponseSchema>;

/**
 * `GET /anonymous-api/courses/{id}/statistics/summary`: what a visitor's course page counts. A chapter
 * is a module or a syllabus (as on the card); knowledge nodes are the live nodes of the course's graph.
 */
export const PublicCourseSummarySchema = z
  .object({
    course_id: z.number().int(),
    student_count: z.number().int(),
    activity_count: z.number().int(),
    module_count: z.number().int(),
    syllabus_count: z.number().int(),
    chapter_count: z.number().int(),
    knowledge_node_count: z.number().int(),
  })
  .meta({ id: 'PublicCourseSummary' });
export type PublicCourseSummary = z.infer<typeof PublicCourseSummarySchema>;

const money = z
  .number('publicListings.chargeInvalid')
  .min(0, 'publicListings.chargeInvalid')
  .max(PUBLIC_LISTING_LIMITS.chargeMax, 'publicListings.chargeInvalid')
  .multipleOf(0.01, 'publicListings.chargeInvalid');

const optionalTitle = plainText()
  .max(PUBLIC_LISTING_LIMITS.certificationTitleMax, 'publicListings.certificationTooLong')
  .nullable()
  .transform((v) => (v === '' ? null : v));

const creditState = z
  .string()
  .trim()
  .max(PUBLIC_LISTING_LIMITS.creditStateMax, 'publicListings.creditStateInvalid')
  .regex(/^[a-z_]*$/, 'publicListings.creditStateInvalid')
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** An instructor's public settings of one course (`GET`/`PUT /api/courses/{id}/public-settings`). */
export const CoursePublicSettingsSchema = z.object({
  public_scope: PublicScopeSchema,
  classification_id: IdSchema.nullable(),
  sign_up_charge_amount: money.nullable(),
  certification_title: optionalTitle,
  credit_state: creditState,
  /**
   * Whether visitors may read the course's typical mistakes (`/anonymous-api/courses/{id}/typical-mistakes`):
   * off unless the teaching team turns it on, since it publishes questions and wrong answers. Left out: kept.
   */
  public_typical_mistakes: z.boolean().optional(),
});
export type CoursePublicSettingsInput = z.input<typeof CoursePublicSettingsSchema>;

export const CurriculumBodySchema = z.object({
  name: plainText('publicListings.nameRequired')
    .min(1, 'publicListings.nameRequired')
    .max(PUBLIC_LISTING_LIMITS.nameMax, 'publicListings.nameTooLong'),
  cover: z
    .string()
    .trim()
    .max(1000, 'publicListings.coverInvalid')
    .refine(isCourseCoverUrl, 'publicListings.coverInvalid')
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .default(null),
  classification_id: IdSchema.nullable().default(null),
  public_scope: PublicScopeSchema.default('private'),
  sign_up_charge_amount: money.nullable().default(null),
  certification_title: optionalTitle.default(null),
  credit_state: creditState.default(null),
  start_date: IsoDateSchema.nullable().default(null),
  course_ids: z
    .array(z.number().int().positive())
    .max(PUBLIC_LISTING_LIMITS.curriculumCoursesMax, 'publicListings.tooManyCourses')
    .default([]),
});
export type CurriculumBody = z.input<typeof CurriculumBodySchema>;

/**
 * The administrator's view of a curriculum: its card plus the ids of all its courses and its stored
 * credit state (the card only says whether it is `air`; the dialog must send any other value back as is).
 */
export const CurriculumAdminSchema = CurriculumCardSchema.extend({
  course_ids: z.array(z.number().int()),
  credit_state: z.string().nullable(),
});
export type CurriculumAdmin = z.infer<typeof CurriculumAdminSchema>;
export const CurriculumAdminListSchema = z.object({ curriculums: z.array(CurriculumAdminSchema) });
export type CurriculumAdminList = z.infer<typeof CurriculumAdminListSchema>;

/** The same settings as stored and sent back (no input transforms, so the response encodes). */
export const CoursePublicSettingsResponseSchema = z.object({
  public_scope: PublicScopeSchema,
  classification_id: z.number().int().nullable(),
  sign_up_charge_amount: z.number().nullable(),
  certification_title: z.string().nullable(),
  credit_state: z.string().nullable(),
  public_typical_mistakes: z.boolean(),
});
export type CoursePublicSettings = z.infer<typeof CoursePublicSettingsResponseSchema>;
