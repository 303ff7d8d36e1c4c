import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { KNOWLEDGE_GRAPH_LIMITS as L } from './knowledge-graph.limits.ts';

/** What a capture or a resource reference points at: an activity or an upload of the node's course. */
export const CaptureReferTypeSchema = z.enum(['activity', 'upload'], 'knowledgeGraph.referTypeInvalid');

/**
 * Spec 001 "Capture": a learner's bookmark of a resource under a node, with a note. Public ones are
 * recommended to the node's other learners.
 */
export const KnowledgeCaptureSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    knowledge_node_id: z.number().int(),
    knowledge_node_name: z.string(),
    refer_type: CaptureReferTypeSchema,
    refer_id: z.number().int(),
    title: z.string(),
    note: z.string(),
    is_public: z.boolean(),
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    created_at: IsoDateTimeSchema,
    visit_count: z.number().int(),
  })
  .meta({ id: 'KnowledgeCapture' });
export type KnowledgeCapture = z.infer<typeof KnowledgeCaptureSchema>;

/** `GET /api/my-captures`, `/api/public-captures` (optionally one course), `…/recommended-captures`. */
export const CapturesQuerySchema = PageQuerySchema.extend({ course_id: IdSchema.optional() });
export type CapturesQuery = z.input<typeof CapturesQuerySchema>;
export const CapturesResponseSchema = PageMetaSchema.extend({ items: z.array(KnowledgeCaptureSchema) });
export type CapturesResponse = z.infer<typeof CapturesResponseSchema>;

/** `POST /api/knowledge-node/{id}/capture`: the caller bookmarks one of the node's resources (201). */
export const CreateCaptureRequestSchema = z.object({
  refer_type: CaptureReferTypeSchema,
  refer_id: IdSchema,
  title: plainText().max(L.captureTitleMax, 'knowledgeGraph.captureTitleTooLong').optional(),
  note: plainText().max(L.captureNoteMax, 'knowledgeGraph.captureNoteTooLong').default(''),
  is_public: z.boolean().default(false),
});
export type CreateCaptureRequest = z.input<typeof CreateCaptureRequestSchema>;

/** `GET /api/knowledge-node/{id}/recommended-resource-references`: the node's resources, most visited first. */
export const RecommendedResourceSchema = z.object({
  refer_type: z.enum(['activity', 'upload', 'subject']),
  refer_id: z.number().int(),
  title: z.string(),
  activity_type: z.string().nullable(),
  visit_count: z.number().int(),
});
export const RecommendedResourcesResponseSchema = PageMetaSchema.extend({
  items: z.array(RecommendedResourceSchema),
});
export type RecommendedResourcesResponse = z.infer<typeof RecommendedResourcesResponseSchema>;

/**
 * `POST /api/knowledge-resource-visit`: the caller opened a resource from a node. The original clients
 * also send user_id, org_id, course_code and org_code; they are accepted and ignored (the visitor is the
 * signed-in user, never what the body says).
 */
export const ResourceVisitRequestSchema = z.object({
  course_id: IdSchema,
  knowledge_node_id: IdSchema,
  resource_id: IdSchema,
  resource_type: z.enum(['activity', 'upload', 'subject'], 'knowledgeGraph.referTypeInvalid'),
  user_id: z.unknown().optional(),
  org_id: z.unknown().optional(),
  course_code: z.unknown().optional(),
  org_code: z.unknown().optional(),
});
export type ResourceVisitRequest = z.input<typeof ResourceVisitRequestSchema>;

/** `POST /api/knowledge-capture-visit`: the caller opened a capture (capture_code is accepted and ignored). */
export const CaptureVisitRequestSchema = z.object({
  capture_id: IdSchema,
  capture_code: z.unknown().optional(),
  course_id: z.unknown().optional(),
  knowledge_node_id: z.unknown().optional(),
  user_id: z.unknown().optional(),
  org_id: z.unknown().optional(),
  course_code: z.unknown().optional(),
  org_code: z.unknown().optional(),
});
export type CaptureVisitRequest = z.input<typeof CaptureVisitRequestSchema>;
