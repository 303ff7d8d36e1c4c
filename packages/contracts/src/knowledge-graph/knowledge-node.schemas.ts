import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, idListQuerySchema } from '../common/primitives.schemas.ts';
import { BLOOM_LEVELS } from './bloom-levels.ts';
import { KNOWLEDGE_GRAPH_LIMITS as L } from './knowledge-graph.limits.ts';

export const BloomLevelSchema = z.enum(BLOOM_LEVELS, 'knowledgeGraph.bloomLevelInvalid');

export const CourseIdParamsSchema = z.object({ id: IdSchema });
export const KnowledgeNodeIdParamsSchema = z.object({ id: IdSchema });
/** `/api/course/{id}/knowledge-node/{nid}/facets` and `/fragments`. */
export const CourseKnowledgeNodeParamsSchema = z.object({ id: IdSchema, nid: IdSchema });

// Names and descriptions are plain text: markup is stripped before the length checks.
const NameSchema = plainText('knowledgeGraph.nameRequired')
  .min(1, 'knowledgeGraph.nameRequired')
  .max(L.nameMax, 'knowledgeGraph.nameTooLong');
const DescriptionSchema = plainText().max(L.descriptionMax, 'knowledgeGraph.descriptionTooLong');
const NodeKeySchema = z
  .string()
  .trim()
  .min(1, 'knowledgeGraph.nodeKeyInvalid')
  .max(L.nodeKeyMax, 'knowledgeGraph.nodeKeyInvalid');
const NodeIdsSchema = z
  .array(IdSchema, 'knowledgeGraph.nodeIdsRequired')
  .min(1, 'knowledgeGraph.nodeIdsRequired')
  .max(L.bulkMax, 'knowledgeGraph.tooMany');

/** Spec 001 "Knowledge node" as one node: `title` and `text` repeat `name` for the original clients. */
export const KnowledgeNodeSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    title: z.string(),
    text: z.string(),
    node_key: z.string(),
    sort: z.number().int(),
    bloom_level: BloomLevelSchema.nullable(),
    description: z.string(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'KnowledgeNode' });
export type KnowledgeNode = z.infer<typeof KnowledgeNodeSchema>;

/** The checkbox tree's per-node state (jsTree style): what the picker opens, ticks and greys out. */
export const KnowledgeTreeStateSchema = z.object({
  opened: z.boolean(),
  selected: z.boolean(),
  disabled: z.boolean(),
});

/**
 * One node of the tree the list, the graph page and the picker draw (spec 000 section 3: id, name,
 * title, nodeKey, children; spec 001: text, state, selected). `selected` is true for the ids the caller
 * passed in `selected_ids`, so a picker can open on its saved selection.
 */
export type KnowledgeTreeNode = {
  id: number;
  parent_id: number | null;
  name: string;
  title: string;
  text: string;
  nodeKey: string;
  sort: number;
  bloom_level: (typeof BLOOM_LEVELS)[number] | null;
  description: string;
  state: { opened: boolean; selected: boolean; disabled: boolean };
  selected: boolean;
  children: KnowledgeTreeNode[];
};
// Annotated: a recursive schema cannot infer its own type.
export const KnowledgeTreeNodeSchema: z.ZodType<KnowledgeTreeNode> = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    title: z.string(),
    text: z.string(),
    nodeKey: z.string(),
    sort: z.number().int(),
    bloom_level: BloomLevelSchema.nullable(),
    description: z.string(),
    state: KnowledgeTreeStateSchema,
    selected: z.boolean(),
    get children() {
      return z.array(KnowledgeTreeNodeSchema);
    },
  })
  .meta({ id: 'KnowledgeTreeNode' });

export const RelationTypeSchema = z.enum(['directed', 'undirected'], 'knowledgeGraph.relationTypeInvalid');
export type RelationType = z.infer<typeof RelationTypeSchema>;

/** Spec 001 "Knowledge relation": `source` and `target` are node ids of the same course. */
export const KnowledgeRelationSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    source: z.number().int(),
    target: z.number().int(),
    type: RelationTypeSchema,
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'KnowledgeRelation' });
export type KnowledgeRelation = z.infer<typeof KnowledgeRelationSchema>;

/** `GET /api/course/{id}/knowledge-nodes?selected_ids=1,2`. */
export const KnowledgeNodesQuerySchema = z.object({
  selected_ids: idListQuerySchema(L.nodesPerCourse, 'knowledgeGraph.nodeIdsRequired').optional(),
});
export type KnowledgeNodesQuery = z.input<typeof KnowledgeNodesQuerySchema>;

/**
 * The course's graph: the tree (`items`, spec 000), its relations, whether students see it and what the
 * caller may do. Students get it only while it is published.
 */
export const KnowledgeNodesResponseSchema = z.object({
  items: z.array(KnowledgeTreeNodeSchema),
  relations: z.array(KnowledgeRelationSchema),
  published: z.boolean(),
  published_at: IsoDateTimeSchema.nullable(),
  /** The teaching team (not while simulating): may edit nodes, relations, references and publish. */
  can_edit: z.boolean(),
});
export type KnowledgeNodesResponse = z.infer<typeof KnowledgeNodesResponseSchema>;

/** `POST /api/course/{id}/knowledge-node`. Without `parent_id` a root; without `node_key` one is made. */
export const CreateKnowledgeNodeRequestSchema = z.object({
  name: NameSchema,
  parent_id: IdSchema.nullable().optional(),
  bloom_level: BloomLevelSchema.nullable().optional(),
  description: DescriptionSchema.optional(),
  node_key: NodeKeySchema.optional(),
  /** Position among its siblings (0 first); default: last. */
  index: z.number().int().min(0).optional(),
});
export type CreateKnowledgeNodeRequest = z.input<typeof CreateKnowledgeNodeRequestSchema>;

/** `PUT /api/knowledge-node/{id}`: only the fields sent change; moving is `…/knowledge-node/move`. */
export const UpdateKnowledgeNodeRequestSchema = z.object({
  name: NameSchema.optional(),
  bloom_level: BloomLevelSchema.nullable().optional(),
  description: DescriptionSchema.optional(),
  node_key: NodeKeySchema.optional(),
});
export type UpdateKnowledgeNodeRequest = z.input<typeof UpdateKnowledgeNodeRequestSchema>;

/**
 * `POST /api/course/{id}/knowledge-node/move`: puts a node (with its subtree) under `parent_id` (null:
 * the top level) at `index` among its new siblings (default: last). Refused when the new parent is the
 * node or one of its descendants.
 */
export const MoveKnowledgeNodeRequestSchema = z.object({
  knowledge_node_id: IdSchema,
  parent_id: IdSchema.nullable(),
  index: z.number().int().min(0).optional(),
});
export type MoveKnowledgeNodeRequest = z.input<typeof MoveKnowledgeNodeRequestSchema>;

/** `POST /api/course/{id}/knowledge-node/delete`. */
export const DeleteKnowledgeNodesRequestSchema = z.object({ knowledge_node_ids: NodeIdsSchema });
export type DeleteKnowledgeNodesRequest = z.input<typeof DeleteKnowledgeNodesRequestSchema>;

/** Both deletes answer every node removed: those named and their subtrees. */
export const DeleteKnowledgeNodesResponseSchema = z.object({
  knowledge_node_ids: z.array(z.number().int()),
});
export type DeleteKnowledgeNodesResponse = z.infer<typeof DeleteKnowledgeNodesResponseSchema>;

export const KnowledgeNodeBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nodeKey: z.string(),
  bloom_level: BloomLevelSchema.nullable(),
});
export type KnowledgeNodeBrief = z.infer<typeof KnowledgeNodeBriefSchema>;

/** What a node is linked to, by kind (spec 001 references: activities, uploads, questions). */
export const ReferTypeSchema = z.enum(['activity', 'upload', 'subject'], 'knowledgeGraph.referTypeInvalid');
export type ReferType = z.infer<typeof ReferTypeSchema>;

/** A part of a referenced activity that teaches the node, e.g. a chapter of a video. */
export const KnowledgeFragmentSchema = z
  .object({
    id: z.number().int(),
    /** The activity reference it belongs to. */
    reference_id: z.number().int(),
    chapter_id: z.string(),
    title: z.string(),
    start_seconds: z.number().nullable(),
    end_seconds: z.number().nullable(),
  })
  .meta({ id: 'KnowledgeFragment' });
export type KnowledgeFragment = z.infer<typeof KnowledgeFragmentSchema>;

/**
 * One reference of a node. Activity and upload references have an `id`; a question's link (kept with the
 * question, `subject_knowledge_nodes`) has none, so `id` is null and (refer_type, refer_id) names it.
 */
export const KnowledgeReferenceSchema = z
  .object({
    id: z.number().int().nullable(),
    knowledge_node_id: z.number().int(),
    refer_type: ReferTypeSchema,
    refer_id: z.number().int(),
    /** The activity's or upload's title, or a question's text as plain text (shortened). */
    title: z.string(),
    /** Activities only: the activity type. */
    activity_type: z.string().nullable(),
    fragments: z.array(KnowledgeFragmentSchema),
  })
  .meta({ id: 'KnowledgeReference' });
export type KnowledgeReference = z.infer<typeof KnowledgeReferenceSchema>;

/** `GET /api/knowledge-node/{id}`: the node with its path, relations and references. */
export const KnowledgeNodeDetailSchema = KnowledgeNodeSchema.extend({
  /** Root first, the node itself left out. */
  ancestors: z.array(KnowledgeNodeBriefSchema),
  children_count: z.number().int(),
  relations: z.array(KnowledgeRelationSchema),
  references: z.array(KnowledgeReferenceSchema),
}).meta({ id: 'KnowledgeNodeDetail' });
export type KnowledgeNodeDetail = z.infer<typeof KnowledgeNodeDetailSchema>;

/**
 * `GET /api/course/{id}/knowledge-node/{nid}/facets`: how much is linked to the node, by kind, and its
 * activities by activity type.
 */
export const KnowledgeNodeFacetsSchema = z.object({
  knowledge_node_id: z.number().int(),
  total: z.number().int(),
  facets: z.array(z.object({ refer_type: ReferTypeSchema, count: z.number().int() })),
  activity_types: z.array(z.object({ activity_type: z.string(), count: z.number().int() })),
  fragment_count: z.number().int(),
});
export type KnowledgeNodeFacets = z.infer<typeof KnowledgeNodeFacetsSchema>;

/** `GET /api/course/{id}/knowledge-node/{nid}/fragments`: the node's fragments with their activities. */
export const KnowledgeNodeFragmentsSchema = z.object({
  items: z.array(
    KnowledgeFragmentSchema.extend({
      activity_id: z.number().int(),
      activity_title: z.string(),
      activity_type: z.string(),
    }),
  ),
});
export type KnowledgeNodeFragments = z.infer<typeof KnowledgeNodeFragmentsSchema>;
