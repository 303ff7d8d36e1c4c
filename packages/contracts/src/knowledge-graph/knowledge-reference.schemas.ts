import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema } from '../common/primitives.schemas.ts';
import { KNOWLEDGE_GRAPH_LIMITS as L } from './knowledge-graph.limits.ts';
import {
  KnowledgeFragmentSchema,
  KnowledgeNodeBriefSchema,
  KnowledgeReferenceSchema,
  ReferTypeSchema,
} from './knowledge-node.schemas.ts';

export const ReferenceTargetSchema = z.object({ refer_type: ReferTypeSchema, refer_id: IdSchema });
export type ReferenceTarget = z.infer<typeof ReferenceTargetSchema>;

/**
 * `POST /api/knowledge-node/{id}/reference` and `…/reference/delete`: activities, uploads (files of the
 * course's activities) or questions (of the course's exams and libraries) of the node's course. Adding
 * one already there, or removing one not there, is not an error. Answers the node's references.
 */
export const KnowledgeReferencesRequestSchema = z.object({
  references: z
    .array(ReferenceTargetSchema, 'knowledgeGraph.referencesRequired')
    .min(1, 'knowledgeGraph.referencesRequired')
    .max(L.bulkMax, 'knowledgeGraph.tooMany'),
});
export type KnowledgeReferencesRequest = z.input<typeof KnowledgeReferencesRequestSchema>;

export const KnowledgeReferencesResponseSchema = z.object({ references: z.array(KnowledgeReferenceSchema) });
export type KnowledgeReferencesResponse = z.infer<typeof KnowledgeReferencesResponseSchema>;

export const FragmentInputSchema = z.object({
  knowledge_node_id: IdSchema,
  chapter_id: z
    .string()
    .trim()
    .min(1, 'knowledgeGraph.chapterInvalid')
    .max(L.chapterIdMax, 'knowledgeGraph.chapterInvalid'),
  title: plainText().max(L.fragmentTitleMax, 'knowledgeGraph.fragmentTitleTooLong').default(''),
  start_seconds: z.number().min(0).nullable().default(null),
  end_seconds: z.number().min(0).nullable().default(null),
});
export type FragmentInput = z.input<typeof FragmentInputSchema>;

/**
 * `POST /api/activities/{id}/knowledge-references/related-media`: the activity is linked to exactly
 * `knowledge_node_ids` (nodes of its course; links not named are removed, with their fragments), and
 * each fragment is added to its node's link (the node must be among the ids). What the picker saves.
 */
export const RelatedMediaRequestSchema = z.object({
  knowledge_node_ids: z.array(IdSchema).max(L.bulkMax, 'knowledgeGraph.tooMany'),
  fragments: z.array(FragmentInputSchema).max(L.bulkMax, 'knowledgeGraph.tooMany').default([]),
});
export type RelatedMediaRequest = z.input<typeof RelatedMediaRequestSchema>;

/** `PUT /api/activities/{id}/knowledge-references/fragments-delete`: removes one fragment of a link. */
export const FragmentsDeleteRequestSchema = z.object({
  knowledge_reference_id: IdSchema,
  chapter_id: z.string().trim().min(1, 'knowledgeGraph.chapterInvalid').max(L.chapterIdMax),
});
export type FragmentsDeleteRequest = z.input<typeof FragmentsDeleteRequestSchema>;

/** An activity's link to one node, with its fragments. */
export const ActivityKnowledgeReferenceSchema = z.object({
  id: z.number().int(),
  knowledge_node_id: z.number().int(),
  knowledge_node: KnowledgeNodeBriefSchema,
  fragments: z.array(KnowledgeFragmentSchema),
});
export type ActivityKnowledgeReference = z.infer<typeof ActivityKnowledgeReferenceSchema>;

/**
 * `GET /api/activities/{id}/knowledge-references/get` (and the answer of the two writes): the nodes the
 * activity teaches. Students see them only while the course's graph is published.
 */
export const ActivityKnowledgeReferencesResponseSchema = z.object({
  activity_id: z.number().int(),
  references: z.array(ActivityKnowledgeReferenceSchema),
});
export type ActivityKnowledgeReferencesResponse = z.infer<typeof ActivityKnowledgeReferencesResponseSchema>;

/** `GET /api/course/{id}/courseware-activities`: the activities a node may reference (teaching team). */
export const CoursewareActivitiesResponseSchema = z.object({
  activities: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      type: z.string(),
      module_id: z.number().int(),
      published: z.boolean(),
      /** Nodes the activity is already linked to. */
      knowledge_node_ids: z.array(z.number().int()),
    }),
  ),
});
export type CoursewareActivitiesResponse = z.infer<typeof CoursewareActivitiesResponseSchema>;
