import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, idListQuerySchema } from '../common/primitives.schemas.ts';
import { BloomLevelSchema } from './knowledge-node.schemas.ts';

/**
 * Knowledge sources (spec 001 section 7, "External knowledge-source import"): what a course graph can be
 * synced from. Every Lectern serves its published graphs under `/api/knowledge-source/*` in these shapes, and
 * the `kfs` calls of a Lectern configured with a remote source answer the remote's shapes unchanged.
 */

/** Ids in one batch read (`ids=1,2,3`). */
export const KNOWLEDGE_SOURCE_BATCH_MAX = 50;
/** Published versions listed per course, newest first. */
export const KNOWLEDGE_SOURCE_VERSIONS_PER_COURSE = 20;

export const KnowledgeSourceIdsQuerySchema = z.object({
  ids: idListQuerySchema(KNOWLEDGE_SOURCE_BATCH_MAX, 'knowledgeSync.idsInvalid').pipe(
    z.array(z.number()).min(1, 'knowledgeSync.idsInvalid'),
  ),
});
export type KnowledgeSourceIdsQuery = z.input<typeof KnowledgeSourceIdsQuerySchema>;

/** A node of a forest, keyed by its `node_key` in the source graph (the key a synced copy remembers). */
export const KnowledgeForestNodeSchema = z.object({
  key: z.string(),
  parent_key: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  bloom_level: BloomLevelSchema.nullable(),
  sort: z.number().int(),
});
export type KnowledgeForestNode = z.infer<typeof KnowledgeForestNodeSchema>;

export const KnowledgeForestRelationSchema = z.object({
  source_key: z.string(),
  target_key: z.string(),
  type: z.enum(['directed', 'undirected']),
});
export type KnowledgeForestRelation = z.infer<typeof KnowledgeForestRelationSchema>;

export const KnowledgeForestObjectiveSchema = z.object({
  content: z.string(),
  node_keys: z.array(z.string()),
});

/** A graph as a source gives it: the tree (roots first is not required), relations and teaching objectives. */
export const KnowledgeForestSchema = z.object({
  course_id: z.number().int(),
  /** The published version read; null for another course's live graph on this Lectern. */
  version_id: z.number().int().nullable(),
  nodes: z.array(KnowledgeForestNodeSchema),
  relations: z.array(KnowledgeForestRelationSchema),
  objectives: z.array(KnowledgeForestObjectiveSchema),
});
export type KnowledgeForest = z.infer<typeof KnowledgeForestSchema>;

export const KnowledgeSourceCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course_code: z.string().nullable(),
  published_at: IsoDateTimeSchema.nullable(),
});
export type KnowledgeSourceCourse = z.infer<typeof KnowledgeSourceCourseSchema>;

/**
 * `GET /api/knowledge-graph/kfs-subjects` (and `/api/knowledge-source/subjects` on the source): the
 * source organisation's course classifications (id 0: unclassified) with their courses whose graph is published.
 */
export const KnowledgeSourceSubjectsSchema = z.object({
  subjects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      courses: z.array(KnowledgeSourceCourseSchema),
    }),
  ),
});
export type KnowledgeSourceSubjects = z.infer<typeof KnowledgeSourceSubjectsSchema>;

export const KnowledgeForestVersionSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  published_at: IsoDateTimeSchema,
  node_count: z.number().int(),
  relation_count: z.number().int(),
});
export type KnowledgeForestVersion = z.infer<typeof KnowledgeForestVersionSchema>;

/** `.../kfs-courses/-/published-forest-versions:batchGet?ids=`: a course's published versions, newest first. */
export const KnowledgePublishedVersionsSchema = z.object({
  items: z.array(z.object({ course_id: z.number().int(), versions: z.array(KnowledgeForestVersionSchema) })),
});
export type KnowledgePublishedVersions = z.infer<typeof KnowledgePublishedVersionsSchema>;

/** `.../forest-versions/-/stats:batchGet?ids=`: figures of published versions (unknown ids are left out). */
export const KnowledgeVersionStatsSchema = z.object({
  items: z.array(
    KnowledgeForestVersionSchema.extend({
      max_depth: z.number().int(),
      root_count: z.number().int(),
      bloom_counts: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type KnowledgeVersionStats = z.infer<typeof KnowledgeVersionStatsSchema>;

export const KnowledgeSourceVersionParamsSchema = z.object({ id: IdSchema });

/** `POST /api/knowledge-graph/courses/{id}/kfs-course-import`: sync the course from this remote version. */
export const KfsCourseImportRequestSchema = z.object({
  kfs_course_id: IdSchema,
  /** Null or left out: the latest published version at each sync. */
  kfs_version_id: IdSchema.nullish(),
});
export type KfsCourseImportRequest = z.input<typeof KfsCourseImportRequestSchema>;
