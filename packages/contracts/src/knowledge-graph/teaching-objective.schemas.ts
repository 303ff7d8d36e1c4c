import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { KNOWLEDGE_GRAPH_LIMITS as L } from './knowledge-graph.limits.ts';

/** Spec 001 "Teaching objective": one of a course's goals, optionally tied to the nodes it covers. */
export const TeachingObjectiveSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    content: z.string(),
    sort: z.number().int(),
    knowledge_node_ids: z.array(z.number().int()),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'TeachingObjective' });
export type TeachingObjective = z.infer<typeof TeachingObjectiveSchema>;

/** `GET /api/course/{id}/teaching-objective`. */
export const TeachingObjectivesResponseSchema = z.object({
  teaching_objectives: z.array(TeachingObjectiveSchema),
});
export type TeachingObjectivesResponse = z.infer<typeof TeachingObjectivesResponseSchema>;

const ContentSchema = plainText('knowledgeGraph.objectiveRequired')
  .min(1, 'knowledgeGraph.objectiveRequired')
  .max(L.objectiveMax, 'knowledgeGraph.objectiveTooLong');
const NodeIdsSchema = z.array(IdSchema).max(L.bulkMax, 'knowledgeGraph.tooMany');

/** `POST /api/course/{id}/teaching-objective`: appended last; answers the objective (201). */
export const CreateTeachingObjectiveRequestSchema = z.object({
  content: ContentSchema,
  knowledge_node_ids: NodeIdsSchema.default([]),
});
export type CreateTeachingObjectiveRequest = z.input<typeof CreateTeachingObjectiveRequestSchema>;

/** `PUT /api/course/{id}/teaching-objective`: the objective `id`; the fields sent change. */
export const UpdateTeachingObjectiveRequestSchema = z.object({
  id: IdSchema,
  content: ContentSchema.optional(),
  knowledge_node_ids: NodeIdsSchema.optional(),
  sort: z.number().int().min(0).optional(),
});
export type UpdateTeachingObjectiveRequest = z.input<typeof UpdateTeachingObjectiveRequestSchema>;

/** `POST /api/course/{id}/teaching-objective/delete`: answers the ids removed. */
export const DeleteTeachingObjectivesRequestSchema = z.object({
  teaching_objective_ids: z
    .array(IdSchema, 'knowledgeGraph.objectiveIdsRequired')
    .min(1, 'knowledgeGraph.objectiveIdsRequired')
    .max(L.bulkMax, 'knowledgeGraph.tooMany'),
});
export type DeleteTeachingObjectivesRequest = z.input<typeof DeleteTeachingObjectivesRequestSchema>;
export const DeleteTeachingObjectivesResponseSchema = z.object({
  teaching_objective_ids: z.array(z.number().int()),
});
