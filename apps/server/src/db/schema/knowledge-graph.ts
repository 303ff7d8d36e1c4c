import { isNull, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { users } from './identity.ts';

/**
 * The course knowledge graph (spec 001 "Knowledge graph", issue 17). Nodes form one tree per course;
 * relations join two nodes of the same course; references tie a node to what teaches or tests it.
 */

/** Bloom's six cognitive levels (spec 001 section 3); the contracts hold the same list and the colours. */
const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;

// The columns the knowledge tables share, one builder per use (drizzle binds a builder to one table).
const identity = () => integer().primaryKey().generatedAlwaysAsIdentity();
/** The row's course; the row goes with it. */
const courseRef = () =>
  integer()
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });
/** A node of the same course; the row goes with it. */
const nodeRef = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => knowledgeNodes.id, { onDelete: 'cascade' });
/** Who made the row; kept, without them, when the user is deleted. */
const authorRef = () => integer().references(() => users.id, { onDelete: 'set null' });
const stampedNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const knowledgeNodes = pgTable(
  'knowledge_nodes',
  {
    id: identity(),
    courseId: courseRef(),
    /** Null for a root. Hard deletes only happen with the course, so the cascade is never partial. */
    parentId: integer().references((): AnyPgColumn => knowledgeNodes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The tree's stable key (imports and clients match nodes by it); unique among a course's live nodes. */
    nodeKey: text().notNull(),
    sort: integer().notNull().default(0),
    bloomLevel: text({ enum: BLOOM_LEVELS }),
    description: text().notNull().default(''),
    createdBy: authorRef(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    /**
     * Set when the node (with its subtree) is deleted. The row stays because snapshots and the mastery
     * history name it; every read passes `knowledgeNodeNotDeleted`, as the recycle-bin tables do (0015).
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * The node's key in the graph this course syncs from (the source node's `node_key`), so a re-sync updates
     * the node instead of adding it again. Null for nodes made here.
     */
    sourceKey: text(),
  },
  (t) => [
    index('knowledge_nodes_course_idx')
      .on(t.courseId, t.parentId, t.sort, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('knowledge_nodes_parent_idx').on(t.parentId),
    uniqueIndex('knowledge_nodes_course_key_uq')
      .on(t.courseId, t.nodeKey)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('knowledge_nodes_course_source_key_uq')
      .on(t.courseId, t.sourceKey)
      .where(sql`${t.deletedAt} is null and ${t.sourceKey} is not null`),
  ],
);

/** The one "not deleted" predicate of knowledge nodes; every read of the table passes it. */
export const knowledgeNodeNotDeleted = isNull(knowledgeNodes.deletedAt);

export const knowledgeNodeRelations = pgTable(
  'knowledge_node_relations',
  {
    id: identity(),
    courseId: courseRef(),
    sourceId: nodeRef(),
    targetId: nodeRef(),
    type: text({ enum: ['directed', 'undirected'] }).notNull(),
    createdBy: authorRef(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    check('knowledge_node_relations_not_self', sql`${t.sourceId} <> ${t.targetId}`),
    uniqueIndex('knowledge_node_relations_pair_uq').on(t.sourceId, t.targetId),
    index('knowledge_node_relations_course_idx').on(t.courseId),
    index('knowledge_node_relations_target_idx').on(t.targetId),
  ],
);

/**
 * A node's references to activities and uploads of its course. Questions reference nodes through
 * `subject_knowledge_nodes` (db/schema/exams.ts), which the question editor and the Word import already
 * write; the knowledge-graph calls read and write both as one list with refer_type `subject`.
 */
export const knowledgeNodeReferences = pgTable(
  'knowledge_node_references',
  {
    id: identity(),
    courseId: courseRef(),
    knowledgeNodeId: nodeRef(),
    /** activity: `refer_id` is an activity id; upload: an upload id (a resource file). */
    referType: text({ enum: ['activity', 'upload'] }).notNull(),
    referId: integer().notNull(),
    createdBy: authorRef(),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('knowledge_node_references_uq').on(t.knowledgeNodeId, t.referType, t.referId),
    index('knowledge_node_references_refer_idx').on(t.referType, t.referId),
    index('knowledge_node_references_course_idx').on(t.courseId),
  ],
);

/**
 * Parts of a referenced activity that teach the node, e.g. a chapter of a video (start/end in seconds).
 * `chapter_id` is the client's id for the part (unique within the reference).
 */
export const knowledgeReferenceFragments = pgTable(
  'knowledge_reference_fragments',
  {
    id: identity(),
    referenceId: integer()
      .notNull()
      .references(() => knowledgeNodeReferences.id, { onDelete: 'cascade' }),
    chapterId: text().notNull(),
    title: text().notNull().default(''),
    startSeconds: doublePrecision(),
    endSeconds: doublePrecision(),
    createdAt: stampedNow(),
  },
  (t) => [uniqueIndex('knowledge_reference_fragments_uq').on(t.referenceId, t.chapterId)],
);

export const knowledgeTeachingObjectives = pgTable(
  'knowledge_teaching_objectives',
  {
    id: identity(),
    courseId: courseRef(),
    content: text().notNull(),
    sort: integer().notNull().default(0),
    /** Nodes the objective covers (ids of live nodes of the same course, checked on write). */
    knowledgeNodeIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: authorRef(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [index('knowledge_teaching_objectives_course_idx').on(t.courseId, t.sort, t.id)],
);

/** Whether students see the course's graph. No row: unpublished. */
export const knowledgeGraphStates = pgTable('knowledge_graph_states', {
  courseId: integer()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  published: boolean().notNull().default(false),
  publishedAt: timestamp({ withTimezone: true }),
  publishedBy: authorRef(),
  updatedAt: stampedNow(),
});

export type SnapshotTreeNode = {
  id: number;
  parent_id: number | null;
  name: string;
  node_key: string;
  bloom_level: string | null;
  sort: number;
};
export type SnapshotRelation = { id: number; source_id: number; target_id: number; type: string };

/** The graph as it was at a moment (taken on each publish), with its completeness and mastery then. */
export const knowledgeGraphSnapshots = pgTable(
  'knowledge_graph_snapshots',
  {
    id: identity(),
    courseId: courseRef(),
    /** publish: taken by publishing; daily: by the daily job; replace: before a replace from the source. */
    trigger: text({ enum: ['publish', 'daily', 'replace'] }).notNull(),
    tree: jsonb().$type<SnapshotTreeNode[]>().notNull(),
    relations: jsonb().$type<SnapshotRelation[]>().notNull(),
    /** Per node id (as a string key): the class's average completeness / mastery, 0–1. */
    completeness: jsonb().$type<Record<string, number>>().notNull().default({}),
    mastery: jsonb().$type<Record<string, number>>().notNull().default({}),
    completenessRate: doublePrecision(),
    masteryRate: doublePrecision(),
    createdBy: authorRef(),
    createdAt: stampedNow(),
  },
  (t) => [index('knowledge_graph_snapshots_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * A capture: a learner's bookmark of a resource under a node, with a note; public ones are recommended to
 * the node's other learners.
 */
export const knowledgeCaptures = pgTable(
  'knowledge_captures',
  {
    id: identity(),
    courseId: courseRef(),
    knowledgeNodeId: nodeRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referType: text({ enum: ['activity', 'upload'] }).notNull(),
    referId: integer().notNull(),
    title: text().notNull(),
    note: text().notNull().default(''),
    isPublic: boolean().notNull().default(false),
    createdAt: stampedNow(),
  },
  (t) => [
    index('knowledge_captures_user_idx').on(t.userId, t.createdAt),
    index('knowledge_captures_node_idx').on(t.knowledgeNodeId, t.isPublic),
  ],
);

/**
 * Visits reported by the beacons (`/api/knowledge-resource-visit`, `/api/knowledge-capture-visit`), one
 * row each; the statistics (knowledge-statistics) count them.
 */
export const knowledgeVisits = pgTable(
  'knowledge_visits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    courseId: courseRef(),
    knowledgeNodeId: integer().references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was visited: activity, upload or subject (a resource) or capture. */
    targetType: text({ enum: ['activity', 'upload', 'subject', 'capture'] }).notNull(),
    targetId: integer().notNull(),
    visitedAt: stampedNow(),
  },
  (t) => [
    index('knowledge_visits_node_idx').on(t.knowledgeNodeId, t.targetType, t.targetId),
    index('knowledge_visits_course_user_idx').on(t.courseId, t.userId),
  ],
);

export type KnowledgeSyncCounts = {
  nodes_added: number;
  nodes_changed: number;
  nodes_removed: number;
  relations_added: number;
  relations_changed: number;
  relations_removed: number;
  objectives_added: number;
};

/**
 * Where a course's graph is synced from (graph management, spec 001 section 7): another course of this
 * Lectern, or a published version of a course on the configured remote knowledge source, with the state of
 * the last sync. One row per course that has a source.
 */
export const knowledgeGraphSources = pgTable('knowledge_graph_sources', {
  courseId: integer()
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  kind: text({ enum: ['course', 'remote'] }).notNull(),
  /** kind course: the source course (gone with it: the row stays, syncing then says the source is missing). */
  sourceCourseId: integer().references(() => courses.id, { onDelete: 'set null' }),
  /** kind remote: the remote course id and published version id; a null version follows the latest. */
  remoteCourseId: integer(),
  remoteVersionId: integer(),
  status: text({ enum: ['idle', 'running', 'succeeded', 'failed'] })
    .notNull()
    .default('idle'),
  /** The message key of the last failure, shown in the caller's language. */
  lastError: text(),
  lastSyncedAt: timestamp({ withTimezone: true }),
  lastCounts: jsonb().$type<KnowledgeSyncCounts>(),
  setBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
