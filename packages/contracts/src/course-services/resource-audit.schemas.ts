import { z } from 'zod';
import { ConditionsSchema, PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { QueryBooleanSchema } from '../common/primitives.schemas.ts';

/**
 * Review of the files courses use (issue 18, spec 000 section 3's audit status and counts): an
 * organisation administrator agrees to or rejects each; until then it is `auditing`.
 */
export const AUDIT_STATUSES = ['auditing', 'agree', 'reject'] as const;
export const AuditStatusSchema = z.enum(AUDIT_STATUSES, 'courseServices.auditStatusInvalid');
export type AuditStatus = z.infer<typeof AuditStatusSchema>;

export const RESOURCE_AUDIT_LIMITS = { remarkMax: 500, shareMax: 50 } as const;

/**
 * A course's status from its files': rejected if any file is, awaiting review while any file is, agreed
 * once every file is agreed to. A course without files has nothing to review: agreed.
 */
export function courseAuditStatus(counts: AuditCounts): AuditStatus {
  if (counts.reject > 0) return 'reject';
  if (counts.auditing > 0) return 'auditing';
  return 'agree';
}

export const AuditCountsSchema = z.object({
  agree: z.number().int(),
  reject: z.number().int(),
  auditing: z.number().int(),
});
export type AuditCounts = z.infer<typeof AuditCountsSchema>;

/**
 * `GET /api/courses/statistic/resource-audit`: `conditions` may hold `keyword` (course name or code)
 * and `audit_status` (the course's). `include_children_tenant=1` asks for sub-organisations too; an
 * organisation in Lectern has none, so it reads the caller's organisation either way.
 */
export const ResourceAuditCoursesQuerySchema = PageQuerySchema.extend({
  conditions: ConditionsSchema,
  include_children_tenant: QueryBooleanSchema.optional(),
});
export type ResourceAuditCoursesQuery = z.input<typeof ResourceAuditCoursesQuerySchema>;

/** The course-like entity with its audit status and counts (spec 000 section 3). */
export const ResourceAuditCourseSchema = z
  .object({
    id: z.number().int(),
    code: z.string().nullable(),
    name: z.string(),
    cover: z.string().nullable(),
    owner_id: z.number().int().nullable(),
    created_at: z.string(),
    activity_count: z.number().int(),
    resource_count: z.number().int(),
    audit_status: AuditStatusSchema,
    audit_counts: AuditCountsSchema,
  })
  .meta({ id: 'ResourceAuditCourse' });
export type ResourceAuditCourse = z.infer<typeof ResourceAuditCourseSchema>;

export const ResourceAuditCoursesResponseSchema = PageMetaSchema.extend({
  courses: z.array(ResourceAuditCourseSchema),
  /** Courses of the whole (keyword-filtered) list by their status, whatever status filter is applied. */
  counts: AuditCountsSchema,
});
export type ResourceAuditCoursesResponse = z.infer<typeof ResourceAuditCoursesResponseSchema>;

/** `GET /api/courses/{id}/resource-audit`: `conditions` may hold `audit_status` and `keyword` (file name). */
export const CourseResourceAuditQuerySchema = PageQuerySchema.extend({ conditions: ConditionsSchema });
export type CourseResourceAuditQuery = z.input<typeof CourseResourceAuditQuerySchema>;

export const AuditReferenceSchema = z
  .object({
    upload_id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    mime_type: z.string().nullable(),
    uploaded_by: z.object({ id: z.number().int(), name: z.string() }),
    /** The course's activities the file is attached to (none when it was only shared to the course). */
    activities: z.array(z.object({ id: z.number().int(), title: z.string() })),
    shared: z.boolean(),
    audit_status: AuditStatusSchema,
    audit_remark: z.string().nullable(),
    reviewed_at: z.string().nullable(),
  })
  .meta({ id: 'AuditReference' });
export type AuditReference = z.infer<typeof AuditReferenceSchema>;

export const CourseResourceAuditResponseSchema = PageMetaSchema.extend({
  audit_references: z.array(AuditReferenceSchema),
  counts: AuditCountsSchema,
});
export type CourseResourceAuditResponse = z.infer<typeof CourseResourceAuditResponseSchema>;

export const ResourceAuditParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  uploadId: z.coerce.number().int().positive(),
});

/** `PUT /api/courses/{id}/resource-audit/{uploadId}`: a verdict; a rejection says why. */
export const ResourceAuditVerdictSchema = z
  .object({
    audit_status: z.enum(['agree', 'reject'], 'courseServices.auditStatusInvalid'),
    audit_remark: z
      .string()
      .trim()
      .max(RESOURCE_AUDIT_LIMITS.remarkMax, 'courseServices.textTooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.audit_status !== 'reject' || v.audit_remark !== null, {
    path: ['audit_remark'],
    message: 'courseServices.auditRemarkRequired',
  });
export type ResourceAuditVerdict = z.input<typeof ResourceAuditVerdictSchema>;

/** `POST /api/uploads/share-to-courses`: files the caller may share, to courses the caller teaches. */
export const ShareToCoursesSchema = z.object({
  upload_ids: z
    .array(z.number().int().positive())
    .min(1, 'courseServices.shareNothing')
    .max(RESOURCE_AUDIT_LIMITS.shareMax, 'courseServices.shareTooMany'),
  course_ids: z
    .array(z.number().int().positive())
    .min(1, 'courseServices.shareNoCourse')
    .max(RESOURCE_AUDIT_LIMITS.shareMax, 'courseServices.shareTooMany'),
});
export type ShareToCoursesBody = z.input<typeof ShareToCoursesSchema>;

/** How many (course, file) shares are new; sharing again what is already shared changes nothing. */
export const ShareToCoursesResponseSchema = z.object({ shared: z.number().int() });
