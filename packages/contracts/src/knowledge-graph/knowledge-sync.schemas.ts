import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Graph management (spec 001 section 7): a course graph's source, its sync state, the diff against the
 * source, applying it, replacing the graph, and similar nodes for merging duplicates.
 */

export const KNOWLEDGE_SYNC_LIMITS = {
  /** Diff items applied in one call. */
  itemsMax: 2000,
  /** Similar pairs answered at most. */
  similaritiesMax: 500,
  similarityDefaultLimit: 100,
  similarityDefaultThreshold: 0.6,
  similarityMinThreshold: 0.2,
} as const;

/** `PUT /api/course/{id}/knowledge-graph/source`: another course of this Lectern, or a remote version. */
export const KnowledgeSourceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('course'), course_id: IdSchema }),
    z.object({
      type: z.literal('remote'),
      kfs_course_id: IdSchema,
      /** Null: the latest published version at each sync. */
      kfs_version_id: IdSchema.nullable().default(null),
    }),
  ],
  'knowledgeSync.sourceInvalid',
);
export type KnowledgeSource = z.output<typeof KnowledgeSourceSchema>;

export const SetKnowledgeSourceRequestSchema = z.object({
  /** null removes the source; the synced nodes stay as they are. */
  source: KnowledgeSourceSchema.nullable(),
});
export type SetKnowledgeSourceRequest = z.input<typeof SetKnowledgeSourceRequestSchema>;

export const KnowledgeSyncCountsSchema = z.object({
  nodes_added: z.number().int(),
  nodes_changed: z.number().int(),
  nodes_removed: z.number().int(),
  relations_added: z.number().int(),
  relations_changed: z.number().int(),
  relations_removed: z.number().int(),
  objectives_added: z.number().int(),
});
export type KnowledgeSyncCounts = z.infer<typeof KnowledgeSyncCountsSchema>;

export const KnowledgeSyncStateSchema = z.enum(['idle', 'running', 'succeeded', 'failed']);
export type KnowledgeSyncState = z.infer<typeof KnowledgeSyncStateSchema>;

/** `GET /api/course/{id}/knowledge-graph/sync-status` (also the answer of sync, source and kfs import). */
export const KnowledgeSyncStatusSchema = z.object({
  course_id: z.number().int(),
  source: z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('course'),
        /** Null once the source course is gone. */
        course_id: z.number().int().nullable(),
        course_name: z.string().nullable(),
      }),
      z.object({
        type: z.literal('remote'),
        kfs_course_id: z.number().int(),
        kfs_version_id: z.number().int().nullable(),
      }),
    ])
    .nullable(),
  status: KnowledgeSyncStateSchema,
  /** Why the last sync failed, in the caller's language. */
  error: z.string().nullable(),
  last_synced_at: IsoDateTimeSchema.nullable(),
  counts: KnowledgeSyncCountsSchema.nullable(),
  /** Whether this Lectern has a remote knowledge source configured (the kfs calls work). */
  remote_configured: z.boolean(),
  remote_name: z.string().nullable(),
});
export type KnowledgeSyncStatus = z.infer<typeof KnowledgeSyncStatusSchema>;

export const KnowledgeDiffChangeSchema = z.enum(['added', 'changed', 'removed']);
export type KnowledgeDiffChange = z.infer<typeof KnowledgeDiffChangeSchema>;
export const KnowledgeNodeFieldSchema = z.enum(['name', 'description', 'bloom_level', 'parent', 'sort']);
export type KnowledgeNodeField = z.infer<typeof KnowledgeNodeFieldSchema>;

export const KnowledgeNodeDiffSchema = z.object({
  /** The node's key in the source: what an applied item names. */
  key: z.string(),
  change: KnowledgeDiffChangeSchema,
  /** This course's node (null for an added one). */
  node_id: z.number().int().nullable(),
  /** The name here (null for an added node) and in the source (null for a removed one). */
  name: z.string().nullable(),
  source_name: z.string().nullable(),
  fields: z.array(KnowledgeNodeFieldSchema),
});
export type KnowledgeNodeDiff = z.infer<typeof KnowledgeNodeDiffSchema>;

export const KnowledgeRelationDiffSchema = z.object({
  /** The unordered pair of source keys. */
  key: z.string(),
  change: KnowledgeDiffChangeSchema,
  relation_id: z.number().int().nullable(),
  source_key: z.string(),
  target_key: z.string(),
  source_name: z.string(),
  target_name: z.string(),
  type: z.enum(['directed', 'undirected']),
});
export type KnowledgeRelationDiff = z.infer<typeof KnowledgeRelationDiffSchema>;

/** `GET /api/course/{id}/knowledge-graphs/diff`: what a sync would change here. */
export const KnowledgeGraphDiffSchema = z.object({
  nodes: z.array(KnowledgeNodeDiffSchema),
  relations: z.array(KnowledgeRelationDiffSchema),
});
export type KnowledgeGraphDiff = z.infer<typeof KnowledgeGraphDiffSchema>;

export const KnowledgeDiffItemSchema = z.object({
  type: z.enum(['node', 'relation']),
  key: z.string().min(1).max(300),
});
export type KnowledgeDiffItem = z.infer<typeof KnowledgeDiffItemSchema>;

/** `POST /api/course/{id}/knowledge-graphs/diff/sync`: every item (`all`) or the chosen ones. */
export const ApplyKnowledgeDiffRequestSchema = z
  .object({
    all: z.boolean().default(false),
    items: z.array(KnowledgeDiffItemSchema).max(KNOWLEDGE_SYNC_LIMITS.itemsMax).default([]),
  })
  .refine((b) => b.all || b.items.length > 0, {
    message: 'knowledgeSync.itemsRequired',
    path: ['items'],
  });
export type ApplyKnowledgeDiffRequest = z.input<typeof ApplyKnowledgeDiffRequestSchema>;

export const ApplyKnowledgeDiffResponseSchema = z.object({
  counts: KnowledgeSyncCountsSchema,
  /** Chosen items that were no longer in the diff or could not be applied (a move into its own subtree). */
  skipped: z.number().int(),
});
export type ApplyKnowledgeDiffResponse = z.infer<typeof ApplyKnowledgeDiffResponseSchema>;

/** `PUT /api/course/{id}/knowledge-graph/replace`: the snapshot taken first, and what was written. */
export const ReplaceKnowledgeGraphResponseSchema = z.object({
  snapshot_id: z.number().int(),
  counts: KnowledgeSyncCountsSchema,
});
export type ReplaceKnowledgeGraphResponse = z.infer<typeof ReplaceKnowledgeGraphResponseSchema>;

const ThresholdSchema = z.coerce
  .number('knowledgeSync.thresholdInvalid')
  .min(KNOWLEDGE_SYNC_LIMITS.similarityMinThreshold, 'knowledgeSync.thresholdInvalid')
  .max(1, 'knowledgeSync.thresholdInvalid');

/** `POST /api/course/{id}/knowledge-graphs/similarity`: pairs within this graph, or with another course's. */
export const KnowledgeSimilarityRequestSchema = z.object({
  target_course_id: IdSchema.nullish(),
  threshold: ThresholdSchema.default(KNOWLEDGE_SYNC_LIMITS.similarityDefaultThreshold),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KNOWLEDGE_SYNC_LIMITS.similaritiesMax)
    .default(KNOWLEDGE_SYNC_LIMITS.similarityDefaultLimit),
});
export type KnowledgeSimilarityRequest = z.input<typeof KnowledgeSimilarityRequestSchema>;

export const KnowledgeSimilaritySchema = z.object({
  source_node_id: z.number().int(),
  target_node_id: z.number().int(),
  source_name: z.string(),
  target_name: z.string(),
  score: z.number(),
});
export type KnowledgeSimilarity = z.infer<typeof KnowledgeSimilaritySchema>;

export const KnowledgeSimilarityResponseSchema = z.object({
  similarities: z.array(KnowledgeSimilaritySchema),
  /** More pairs passed the threshold than the limit let through. */
  truncated: z.boolean(),
});
export type KnowledgeSimilarityResponse = z.infer<typeof KnowledgeSimilarityResponseSchema>;

/** `GET /api/course/{id}/knowledge-graph/cluster?threshold=`: groups of similar nodes of this graph. */
export const KnowledgeClusterQuerySchema = z.object({
  threshold: ThresholdSchema.default(KNOWLEDGE_SYNC_LIMITS.similarityDefaultThreshold),
});
export type KnowledgeClusterQuery = z.input<typeof KnowledgeClusterQuerySchema>;

export const KnowledgeClustersSchema = z.object({
  clusters: z.array(
    z.object({
      id: z.number().int(),
      nodes: z.array(z.object({ id: z.number().int(), name: z.string() })),
      /** The highest pair score inside the cluster. */
      score: z.number(),
    }),
  ),
});
export type KnowledgeClusters = z.infer<typeof KnowledgeClustersSchema>;

/** `edit-url` and `embed/cluster-graph`: a Lectern page address. */
export const KnowledgeUrlSchema = z.object({ url: z.string() });
export type KnowledgeUrl = z.infer<typeof KnowledgeUrlSchema>;
