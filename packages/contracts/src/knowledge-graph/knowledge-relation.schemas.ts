import { z } from 'zod';
import { IdSchema } from '../common/primitives.schemas.ts';
import { KNOWLEDGE_GRAPH_LIMITS as L } from './knowledge-graph.limits.ts';
import { RelationTypeSchema } from './knowledge-node.schemas.ts';

/**
 * `POST /api/course/{id}/knowledge-node/relation`: both ends live nodes of the course, never the same
 * node, at most one relation per pair (either direction). Answers the relation (KnowledgeRelationSchema).
 */
export const CreateKnowledgeRelationRequestSchema = z.object({
  source: IdSchema,
  target: IdSchema,
  type: RelationTypeSchema.default('directed'),
});
export type CreateKnowledgeRelationRequest = z.input<typeof CreateKnowledgeRelationRequestSchema>;

/** `PUT /api/course/{id}/knowledge-node/relation`: the relation `id`; the fields sent change. */
export const UpdateKnowledgeRelationRequestSchema = z.object({
  id: IdSchema,
  source: IdSchema.optional(),
  target: IdSchema.optional(),
  type: RelationTypeSchema.optional(),
});
export type UpdateKnowledgeRelationRequest = z.input<typeof UpdateKnowledgeRelationRequestSchema>;

/** `POST /api/course/{id}/knowledge-node/relation/delete`: answers the ids removed. */
export const DeleteKnowledgeRelationsRequestSchema = z.object({
  relation_ids: z
    .array(IdSchema, 'knowledgeGraph.relationIdsRequired')
    .min(1, 'knowledgeGraph.relationIdsRequired')
    .max(L.bulkMax, 'knowledgeGraph.tooMany'),
});
export type DeleteKnowledgeRelationsRequest = z.input<typeof DeleteKnowledgeRelationsRequestSchema>;
export const DeleteKnowledgeRelationsResponseSchema = z.object({ relation_ids: z.array(z.number().int()) });
export type DeleteKnowledgeRelationsResponse = z.infer<typeof DeleteKnowledgeRelationsResponseSchema>;
