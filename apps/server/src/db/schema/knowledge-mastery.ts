import { doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { courses } from './courses.ts';
import { users } from './identity.ts';
import { knowledgeNodes } from './knowledge-graph.ts';

/**
 * Knowledge mastery (issue 17), kept incrementally: derived data written only by the SQL function
 * `knowledge_mastery_refresh(activity, student)` of the knowledge-mastery migration, which the triggers on
 * exam submissions, classroom answers and homework submissions call in the writer's transaction. Scores are
 * stored recency-weighted: each answer counts with the weight 2^((answered_at − 2020-01-01) / 30 days), so
 * the rate Σ weighted score / Σ weighted max equals the rate decayed to any "now" (the decay factor cancels)
 * and adding or removing one answer never needs the others. The formula is in
 * packages/contracts/src/knowledge-graph/knowledge-statistics.contract.ts (`masteryRate`).
 */

/** One student's graded answers of one activity that test one node: the unit a refresh replaces. */
export const knowledgeMasterySources = pgTable(
  'knowledge_mastery_sources',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    knowledgeNodeId: integer()
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    weightedScore: doublePrecision().notNull(),
    weightedMax: doublePrecision().notNull(),
    /** Plain (unweighted) sums, for "score x of y" displays. */
    score: doublePrecision().notNull(),
    maxScore: doublePrecision().notNull(),
    answeredCount: integer().notNull(),
    lastAnswerAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.knowledgeNodeId, t.activityId] }),
    index('knowledge_mastery_sources_activity_idx').on(t.activityId, t.studentId),
    index('knowledge_mastery_sources_node_idx').on(t.knowledgeNodeId, t.activityId),
  ],
);

/** A student's mastery of one node: the sum of their sources of that node. */
export const knowledgeNodeStudents = pgTable(
  'knowledge_node_students',
  {
    knowledgeNodeId: integer()
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    weightedScore: doublePrecision().notNull(),
    weightedMax: doublePrecision().notNull(),
    answeredCount: integer().notNull(),
    /** weighted score / weighted max; null while nothing with points was answered. */
    masteryRate: doublePrecision(),
    lastAnswerAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.knowledgeNodeId, t.studentId] }),
    index('knowledge_node_students_course_student_idx').on(t.courseId, t.studentId),
  ],
);

/** The class's mastery of one node, moved by each student's change of rate (never recounted). */
export const knowledgeNodeClassStats = pgTable(
  'knowledge_node_class_stats',
  {
    knowledgeNodeId: integer()
      .primaryKey()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Students with a mastery rate for the node. */
    studentCount: integer().notNull().default(0),
    masteryRateSum: doublePrecision().notNull().default(0),
    /** Below KNOWLEDGE_WEAK_RATE. */
    weakCount: integer().notNull().default(0),
    /** At or above KNOWLEDGE_MASTERED_RATE. */
    masteredCount: integer().notNull().default(0),
    answeredCount: integer().notNull().default(0),
  },
  (t) => [index('knowledge_node_class_stats_course_idx').on(t.courseId)],
);

/** One student's mastery over all nodes of a course (the students dimension), moved the same way. */
export const knowledgeCourseStudents = pgTable(
  'knowledge_course_students',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Nodes with a mastery rate. */
    nodeCount: integer().notNull().default(0),
    masteryRateSum: doublePrecision().notNull().default(0),
    weakCount: integer().notNull().default(0),
    masteredCount: integer().notNull().default(0),
    answeredCount: integer().notNull().default(0),
    lastAnswerAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.studentId] })],
);
