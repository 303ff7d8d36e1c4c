import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

export const ESTIMATE_SCORE_MIN = 1;
export const ESTIMATE_SCORE_MAX = 5;
export const ESTIMATE_TEXT_MAX = 1000;

const score = z
  .number({ error: 'courseServices.scoreInvalid' })
  .int('courseServices.scoreInvalid')
  .min(ESTIMATE_SCORE_MIN, 'courseServices.scoreInvalid')
  .max(ESTIMATE_SCORE_MAX, 'courseServices.scoreInvalid');
// Reviews are plain text: markup is stripped when written, so every client may show them as text.
const content = plainText('courseServices.contentRequired')
  .min(1, 'courseServices.contentRequired')
  .max(ESTIMATE_TEXT_MAX, 'courseServices.textTooLong');

/** `POST /api/course-estimate`: a student's review of a course, one per student. */
export const CreateEstimateRequestSchema = z.object({ course_id: IdSchema, score, content });
export type CreateEstimateRequest = z.input<typeof CreateEstimateRequestSchema>;

/** `PUT /api/course-estimates/{id}`: the author changes their review. */
export const UpdateEstimateRequestSchema = z.object({ score, content });
export type UpdateEstimateRequest = z.input<typeof UpdateEstimateRequestSchema>;

/** `POST /api/course-estimate-reply`. */
export const CreateEstimateReplyRequestSchema = z.object({ estimate_id: IdSchema, content });
export type CreateEstimateReplyRequest = z.input<typeof CreateEstimateReplyRequestSchema>;

export const EstimateAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_small_url: z.string().nullable(),
});

export const EstimateReplySchema = z
  .object({
    id: z.number().int(),
    estimate_id: z.number().int(),
    content: z.string(),
    created_by: EstimateAuthorSchema,
    created_at: IsoDateTimeSchema,
    /** The viewer may remove it: its author, or the course's teaching team. */
    can_delete: z.boolean(),
  })
  .meta({ id: 'CourseEstimateReply' });
export type EstimateReply = z.infer<typeof EstimateReplySchema>;

export const EstimateSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    score: z.number().int(),
    content: z.string(),
    created_by: EstimateAuthorSchema,
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    reply_count: z.number().int(),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
  })
  .meta({ id: 'CourseEstimate' });
export type Estimate = z.infer<typeof EstimateSchema>;

export const EstimatesQuerySchema = PageQuerySchema;

/** `GET /api/course-estimates/{courseId}`: newest first, with the course's average and the viewer's own. */
export const EstimatesResponseSchema = PageMetaSchema.extend({
  estimates: z.array(EstimateSchema),
  average_score: z.number().nullable(),
  /** How many reviews gave each score, index 0 for one star. */
  score_counts: z.array(z.number().int()).length(ESTIMATE_SCORE_MAX),
  my_estimate: EstimateSchema.nullable(),
  /** Whether the viewer may write a review now (a student of the course without one). */
  can_create: z.boolean(),
});
export type EstimatesResponse = z.infer<typeof EstimatesResponseSchema>;

export const EstimateResponseSchema = z.object({ estimate: EstimateSchema });
export const EstimateRepliesResponseSchema = z.object({ replies: z.array(EstimateReplySchema) });
export type EstimateRepliesResponse = z.infer<typeof EstimateRepliesResponseSchema>;
export const EstimateReplyResponseSchema = z.object({ reply: EstimateReplySchema });

/** `GET /api/course-estimates-replies/{courseId}`: the replies of the course's reviews, by review id. */
export const CourseEstimateRepliesResponseSchema = z.object({
  replies: z.record(z.string(), z.array(EstimateReplySchema)),
});
export type CourseEstimateRepliesResponse = z.infer<typeof CourseEstimateRepliesResponseSchema>;
