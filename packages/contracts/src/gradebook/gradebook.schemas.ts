import { z } from 'zod';
import { IdSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Activities that carry a score into the course gradebook. H5 courseware counts only when a SCORM package
 * is attached to it (a plain HTML page reports no score): the learner's SCORM score as a percentage.
 */
export const GRADE_ITEM_TYPES = ['exam', 'classroom_exam', 'homework', 'h5_courseware'] as const;
export const GradeItemTypeSchema = z.enum(GRADE_ITEM_TYPES);
export type GradeItemType = z.infer<typeof GradeItemTypeSchema>;

export const GRADEBOOK_LIMITS = {
  /** An item's weight when the instructor has not set one: every item counts the same. */
  defaultWeight: 1,
  weightMax: 1000,
} as const;

export const CourseIdParamsSchema = z.object({ id: IdSchema });
export const GradeItemParamsSchema = z.object({ id: IdSchema, activityId: IdSchema });

export const GradeScoreItemSchema = z
  .object({
    /** The activity's id. */
    id: z.number().int(),
    title: z.string(),
    type: GradeItemTypeSchema,
    /** Relative weight in the total: an item's share is its weight over the sum of all weights. */
    weight: z.number(),
    /** Whether students may see their scores of it now (the exam's release rule, the homework's publishing). */
    published: z.boolean(),
    /** Whether the activity itself is published to students. */
    activity_published: z.boolean(),
    max_score: z.number(),
    end_time: NullableIsoDateTimeSchema,
  })
  .meta({ id: 'GradeScoreItem' });
export type GradeScoreItem = z.infer<typeof GradeScoreItemSchema>;

export const GradeScoreItemsResponseSchema = z.object({ grade_score_items: z.array(GradeScoreItemSchema) });
export type GradeScoreItemsResponse = z.infer<typeof GradeScoreItemsResponseSchema>;

export const UpdateGradeItemWeightRequestSchema = z.object({
  weight: z
    .number({ error: 'gradebook.weightInvalid' })
    .min(0, 'gradebook.weightInvalid')
    .max(GRADEBOOK_LIMITS.weightMax, 'gradebook.weightInvalid'),
});
export type UpdateGradeItemWeightRequest = z.input<typeof UpdateGradeItemWeightRequestSchema>;

export const GradebookStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_no: z.string(),
});

export const GradebookScoreSchema = z.object({
  activity_id: z.number().int(),
  /** Null: no score yet (nothing handed in, or not marked). */
  score: z.number().nullable(),
});

export const GradebookRowSchema = z
  .object({
    student: GradebookStudentSchema,
    /** One entry per item of the response, in the same order. */
    scores: z.array(GradebookScoreSchema),
    /** Weighted percentage (0–100) over the items; null when no item carries weight. */
    total: z.number().nullable(),
  })
  .meta({ id: 'GradebookRow' });
export type GradebookRow = z.infer<typeof GradebookRowSchema>;

/** `all`: the teaching team's whole table; `own`: a student's own row of published items. */
export const GradebookViewSchema = z.enum(['all', 'own']);
export type GradebookView = z.infer<typeof GradebookViewSchema>;

export const GradebookResponseSchema = z.object({
  view: GradebookViewSchema,
  items: z.array(GradeScoreItemSchema),
  rows: z.array(GradebookRowSchema),
});
export type GradebookResponse = z.infer<typeof GradebookResponseSchema>;

/**
 * `GET /api/courses/{id}/gradebook`: a combined course's table split by sub-course — only the students of
 * that sub-course, and the items they are assigned (every item assigned to no sub-course, and those
 * assigned to it).
 */
export const GradebookQuerySchema = z.object({ sub_course_id: IdSchema.optional() });
export type GradebookQuery = z.infer<typeof GradebookQuerySchema>;

export const GRADEBOOK_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const GradebookExportQuerySchema = GradebookQuerySchema.extend({
  format: z.enum(GRADEBOOK_EXPORT_FORMATS).default('csv'),
});
export type GradebookExportFormat = (typeof GRADEBOOK_EXPORT_FORMATS)[number];
