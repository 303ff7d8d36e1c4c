import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { BloomLevelSchema, RelationTypeSchema } from './knowledge-node.schemas.ts';

/** `POST /api/course/{id}/knowledge-graph-status`: publish shows the graph to students and takes a snapshot. */
export const PUBLISH_TYPES = ['publish', 'unpublish'] as const;
export const KnowledgeGraphStatusRequestSchema = z.object({
  publish_type: z.enum(PUBLISH_TYPES, 'knowledgeGraph.publishTypeInvalid'),
});
export type KnowledgeGraphStatusRequest = z.input<typeof KnowledgeGraphStatusRequestSchema>;

export const KnowledgeGraphStatusSchema = z.object({
  published: z.boolean(),
  published_at: IsoDateTimeSchema.nullable(),
  /** The snapshot publishing took (null when unpublishing). */
  snapshot_id: z.number().int().nullable(),
});
export type KnowledgeGraphStatus = z.infer<typeof KnowledgeGraphStatusSchema>;

export const SnapshotTriggerSchema = z.enum(['publish', 'daily', 'replace']);

/** `GET /api/course/{id}/knowledge-stats-timeline`: the course's snapshots, newest first. */
export const KnowledgeTimelineItemSchema = z.object({
  id: z.number().int(),
  trigger: SnapshotTriggerSchema,
  created_at: IsoDateTimeSchema,
  node_count: z.number().int(),
  relation_count: z.number().int(),
  /** The class's average over nodes, 0–1; null when no student had anything to complete or answer. */
  completeness_rate: z.number().nullable(),
  mastery_rate: z.number().nullable(),
});
export const KnowledgeTimelineResponseSchema = z.object({ items: z.array(KnowledgeTimelineItemSchema) });
export type KnowledgeTimelineResponse = z.infer<typeof KnowledgeTimelineResponseSchema>;

export type SnapshotTreeNode = {
  id: number;
  name: string;
  title: string;
  nodeKey: string;
  bloom_level: z.infer<typeof BloomLevelSchema> | null;
  children: SnapshotTreeNode[];
};
// Annotated: a recursive schema cannot infer its own type.
export const SnapshotTreeNodeSchema: z.ZodType<SnapshotTreeNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    title: z.string(),
    nodeKey: z.string(),
    bloom_level: BloomLevelSchema.nullable(),
    get children() {
      return z.array(SnapshotTreeNodeSchema);
    },
  })
  .meta({ id: 'KnowledgeSnapshotTreeNode' });

const NodeRateSchema = z.object({ knowledge_node_id: z.number().int(), rate: z.number() });

/** `GET /api/course/{id}/knowledge-graph-snapshot/{snapshotId}` (spec 001 "Graph snapshot"). */
export const KnowledgeGraphSnapshotSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  trigger: SnapshotTriggerSchema,
  created_at: IsoDateTimeSchema,
  tree: z.array(SnapshotTreeNodeSchema),
  relations: z.array(
    z.object({
      id: z.number().int(),
      source: z.number().int(),
      target: z.number().int(),
      type: RelationTypeSchema,
    }),
  ),
  completeness: z.array(NodeRateSchema),
  mastery: z.array(NodeRateSchema),
  completeness_rate: z.number().nullable(),
  mastery_rate: z.number().nullable(),
});
export type KnowledgeGraphSnapshot = z.infer<typeof KnowledgeGraphSnapshotSchema>;

export const SnapshotParamsSchema = z.object({ id: IdSchema, snapshotId: IdSchema });
