import { z } from 'zod';
import { ConditionsSchema, pageOfSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Knowledge-graph statistics (spec 001 section 7 "Statistics", issue 17): completeness and mastery per node,
 * per student, per resource and per activity.
 *
 * Mastery of a node by a student is their recency-weighted score rate on the questions linked to the node
 * (exams and classroom exams, through the questions' knowledge nodes) and on the homework linked to it (its
 * final score, or score, out of 100):
 *
 *     weight(t) = 2 ^ ((t − 2020-01-01) / 30 days)        t: when the answer was handed in (or marked)
 *     mastery   = Σ score_i · weight(t_i) / Σ max_i · weight(t_i)
 *
 * An answer 30 days older than another counts half as much. Decaying every weight to "now" multiplies
 * numerator and denominator by the same factor, so the rate needs no "now" and adding or removing one
 * answer never rescans the others: the server keeps the two sums per student and node and moves them as
 * answers are graded (apps/server/drizzle/0030_knowledge_mastery.sql; `masteryRate` below is the same sum).
 *
 * Completeness of a node by a student is the share of the activities linked to the node that the student has
 * completed (the activity list's completion rules). Class figures are averages over the course's students:
 * mastery over the students who answered, completeness over all students.
 */

/** A student below this mastery rate is weak on the node; from the second one, they master it. */
export const KNOWLEDGE_WEAK_RATE = 0.6;
export const KNOWLEDGE_MASTERED_RATE = 0.8;
/** The recency half-life of an answer's weight. */
export const MASTERY_HALF_LIFE_DAYS = 30;
const WEIGHT_EPOCH_MS = Date.UTC(2020, 0, 1);
const DAY_MS = 86_400_000;

export type GradedAnswer = { score: number; max: number; answeredAt: Date };

/** weight(t) of the formula above. */
export function masteryWeight(answeredAt: Date): number {
  return 2 ** ((answeredAt.getTime() - WEIGHT_EPOCH_MS) / (MASTERY_HALF_LIFE_DAYS * DAY_MS));
}

/** The recency-weighted score rate of some graded answers, clamped to [0, 1]; null without points. */
export function masteryRate(answers: readonly GradedAnswer[]): number | null {
  let score = 0;
  let max = 0;
  for (const a of answers) {
    if (a.max <= 0) continue;
    const w = masteryWeight(a.answeredAt);
    score += Math.max(a.score, 0) * w;
    max += a.max * w;
  }
  if (max <= 0) return null;
  return Math.min(Math.max(score / max, 0), 1);
}

/** weak, fair, mastered or unanswered (no rate yet): the levels filters and charts use. */
export const MasteryLevelSchema = z.enum(['weak', 'fair', 'mastered', 'unanswered']);
export type MasteryLevel = z.infer<typeof MasteryLevelSchema>;

export function masteryLevel(rate: number | null): MasteryLevel {
  if (rate === null) return 'unanswered';
  if (rate < KNOWLEDGE_WEAK_RATE) return 'weak';
  return rate >= KNOWLEDGE_MASTERED_RATE ? 'mastered' : 'fair';
}

const rate = z.number().nullable();
const count = z.number().int();

export const KnowledgeCourseParamsSchema = z.object({ id: IdSchema });
export const KnowledgeNodeStatParamsSchema = z.object({ id: IdSchema });
/** `/courses/{id}/students/{sid}/…` and `/course/{id}/knowledge-nodes/student/{sid}/…`. */
export const KnowledgeCourseStudentParamsSchema = z.object({ id: IdSchema, sid: IdSchema });
/** `/knowledge-nodes/{id}/student/{sid}/…` (spec: {nid}; `id` here, as every other `/knowledge-nodes/{id}` call). */
export const KnowledgeNodeStudentParamsSchema = z.object({ id: IdSchema, sid: IdSchema });

/**
 * `page`, `page_size` and `conditions` (a JSON object: `keyword` matches a student's or item's name or
 * number, `level` one of MasteryLevel for the student lists).
 */
export const KnowledgeStatPageQuerySchema = PageQuerySchema.extend({ conditions: ConditionsSchema });
export type KnowledgeStatPageQuery = z.input<typeof KnowledgeStatPageQuerySchema>;
/** `page`, `page_size`, `keyword` (the per-student resource and activity lists). */
export const KnowledgeStatKeywordQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
});
export type KnowledgeStatKeywordQuery = z.input<typeof KnowledgeStatKeywordQuerySchema>;

export const KnowledgeStudentBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_no: z.string(),
});

/** A node as every statistics row names it. */
const nodeIdentity = {
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
};

/** One student's figures on one node (the node's student list, the student's node list). */
const studentNodeFigures = {
  mastery_rate: rate,
  level: MasteryLevelSchema,
  completeness_rate: rate,
  completed_activity_count: count,
  activity_count: count,
  answered_count: count,
  last_answer_at: IsoDateTimeSchema.nullable(),
};

/** One node's class figures, as the course summary lists them. */
export const KnowledgeNodeClassStatSchema = z.object({
  ...nodeIdentity,
  /** Mean mastery of the students who answered; null when nobody has. */
  mastery_rate: rate,
  /** Mean completeness over the course's students; null when no activity is linked. */
  completeness_rate: rate,
  answered_student_count: count,
  weak_student_count: count,
  mastered_student_count: count,
  activity_count: count,
  resource_count: count,
  question_count: count,
});
export type KnowledgeNodeClassStat = z.infer<typeof KnowledgeNodeClassStatSchema>;

/** `GET /api/course/{id}/knowledge-nodes/statistics/summary`. */
export const KnowledgeStatSummarySchema = z.object({
  node_count: count,
  student_count: count,
  /** Mean of the nodes' mastery rates (nodes somebody answered). */
  mastery_rate: rate,
  completeness_rate: rate,
  mastered_node_count: count,
  weak_node_count: count,
  /** The typical weak nodes: lowest class mastery first, at most 10, only below the weak rate. */
  weak_nodes: z.array(KnowledgeNodeClassStatSchema),
  nodes: z.array(KnowledgeNodeClassStatSchema),
});
export type KnowledgeStatSummary = z.infer<typeof KnowledgeStatSummarySchema>;

/** Students per mastery level (the overview's chart). */
export const MasteryDistributionSchema = z.object({
  weak: count,
  fair: count,
  mastered: count,
  unanswered: count,
});

/** `GET /api/knowledge-nodes/{id}/statistics/overview`. */
export const KnowledgeNodeOverviewSchema = KnowledgeNodeClassStatSchema.extend({
  course_id: z.number().int(),
  student_count: count,
  distribution: MasteryDistributionSchema,
  visit_count: count,
});
export type KnowledgeNodeOverview = z.infer<typeof KnowledgeNodeOverviewSchema>;

/** One student on one node. */
export const KnowledgeNodeStudentStatSchema = KnowledgeStudentBriefSchema.extend(studentNodeFigures);
export type KnowledgeNodeStudentStat = z.infer<typeof KnowledgeNodeStudentStatSchema>;

/** `GET /api/knowledge-nodes/{id}/statistics/student-detail`: weakest first, then by student number. */
export const KnowledgeNodeStudentDetailSchema = pageOfSchema(KnowledgeNodeStudentStatSchema);
export type KnowledgeNodeStudentDetail = z.infer<typeof KnowledgeNodeStudentDetailSchema>;

/** A resource (upload) linked to a node, with how the course's students visited it. */
export const KnowledgeResourceStatSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visit_count: count,
  visitor_count: count,
  student_count: count,
});
/** `GET /api/knowledge-nodes/{id}/statistics/resource-detail`. */
export const KnowledgeNodeResourceDetailSchema = pageOfSchema(KnowledgeResourceStatSchema);
export type KnowledgeNodeResourceDetail = z.infer<typeof KnowledgeNodeResourceDetailSchema>;

/** An activity linked to a node, with the class's completion and score rate on it for the node. */
export const KnowledgeActivityStatSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  completed_student_count: count,
  student_count: count,
  completion_rate: rate,
  answered_student_count: count,
  /** Unweighted score rate of the answers of this activity that test the node. */
  score_rate: rate,
});
/** `GET /api/knowledge-nodes/{id}/statistics/activity-detail`. */
export const KnowledgeNodeActivityDetailSchema = pageOfSchema(KnowledgeActivityStatSchema);
export type KnowledgeNodeActivityDetail = z.infer<typeof KnowledgeNodeActivityDetailSchema>;

/** One student over all nodes of the course. */
export const KnowledgeStudentDimensionItemSchema = KnowledgeStudentBriefSchema.extend({
  /** Mean of the student's node mastery rates (nodes they answered). */
  mastery_rate: rate,
  answered_node_count: count,
  weak_node_count: count,
  mastered_node_count: count,
  /** Share of the course's linked activities the student completed. */
  completeness_rate: rate,
  last_answer_at: IsoDateTimeSchema.nullable(),
});
/** `GET /api/course/{id}/knowledge-nodes/statistics/students-dimension` (page, page_size, conditions). */
export const KnowledgeStudentsDimensionSchema = pageOfSchema(KnowledgeStudentDimensionItemSchema, {
  node_count: count,
});
export type KnowledgeStudentsDimension = z.infer<typeof KnowledgeStudentsDimensionSchema>;

/** `GET /api/courses/{id}/students/{sid}/knowledge-nodes/overall-stats`. */
export const KnowledgeStudentOverallSchema = KnowledgeStudentDimensionItemSchema.extend({
  node_count: count,
  activity_count: count,
  completed_activity_count: count,
  /** The class's figures beside the student's. */
  class_mastery_rate: rate,
  class_completeness_rate: rate,
});
export type KnowledgeStudentOverall = z.infer<typeof KnowledgeStudentOverallSchema>;

/** One node for one student, beside the class. */
export const KnowledgeStudentNodeStatSchema = z.object({
  ...nodeIdentity,
  ...studentNodeFigures,
  class_mastery_rate: rate,
});
export type KnowledgeStudentNodeStat = z.infer<typeof KnowledgeStudentNodeStatSchema>;

/** `GET /api/course/{id}/knowledge-nodes/student/{sid}/stats`: every node of the course, tree order. */
export const KnowledgeStudentNodesSchema = z.object({
  student: KnowledgeStudentBriefSchema,
  items: z.array(KnowledgeStudentNodeStatSchema),
});
export type KnowledgeStudentNodes = z.infer<typeof KnowledgeStudentNodesSchema>;

/** `GET /api/knowledge-nodes/{nid}/student/{sid}/stat`. */
export const KnowledgeNodeStudentSchema = KnowledgeStudentNodeStatSchema.extend({
  student: KnowledgeStudentBriefSchema,
  resource_count: count,
  visited_resource_count: count,
});
export type KnowledgeNodeStudent = z.infer<typeof KnowledgeNodeStudentSchema>;

/** `GET /api/knowledge-nodes/{nid}/student/{sid}/resource/stat`. */
export const KnowledgeStudentResourceStatsSchema = pageOfSchema(
  z.object({
    id: z.number().int(),
    name: z.string(),
    visit_count: count,
    last_visited_at: IsoDateTimeSchema.nullable(),
  }),
);
export type KnowledgeStudentResourceStats = z.infer<typeof KnowledgeStudentResourceStatsSchema>;

/** `GET /api/knowledge-nodes/{nid}/student/{sid}/activity/stat`. */
export const KnowledgeStudentActivityStatsSchema = pageOfSchema(
  z.object({
    id: z.number().int(),
    title: z.string(),
    type: z.string(),
    completed: z.boolean(),
    answered_count: count,
    score: z.number().nullable(),
    max_score: z.number().nullable(),
    score_rate: rate,
    last_answer_at: IsoDateTimeSchema.nullable(),
  }),
);
export type KnowledgeStudentActivityStats = z.infer<typeof KnowledgeStudentActivityStatsSchema>;

/** `GET /api/course/{id}/knowledge-nodes/statistics/refer-type`: what the course's nodes reference. */
export const KnowledgeReferTypeStatsSchema = z.object({
  items: z.array(
    z.object({
      /** activity, upload or subject (a question). */
      refer_type: z.enum(['activity', 'upload', 'subject']),
      /** The activity type for activities, else null. */
      type: z.string().nullable(),
      reference_count: count,
      node_count: count,
    }),
  ),
});
export type KnowledgeReferTypeStats = z.infer<typeof KnowledgeReferTypeStatsSchema>;
