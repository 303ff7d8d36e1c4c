import {
  KNOWLEDGE_MASTERED_RATE,
  KNOWLEDGE_WEAK_RATE,
  MasteryLevelSchema,
  masteryLevel,
  type KnowledgeNodeActivityDetail,
  type KnowledgeNodeClassStat,
  type KnowledgeNodeOverview,
  type KnowledgeNodeResourceDetail,
  type KnowledgeNodeStudent,
  type KnowledgeNodeStudentDetail,
  type KnowledgeReferTypeStats,
  type KnowledgeStatSummary,
  type KnowledgeStudentActivityStats,
  type KnowledgeStudentNodes,
  type KnowledgeStudentNodeStat,
  type KnowledgeStudentOverall,
  type KnowledgeStudentResourceStats,
  type KnowledgeStudentsDimension,
  type KnowledgeStatKeywordQuerySchema,
  type KnowledgeStatPageQuerySchema,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';
import {
  isoOf,
  knowledgeStatisticsRepository,
  num,
  rateOf,
  type NodeClassRow,
} from './knowledge-statistics.repository.ts';

type PageQuery = z.output<typeof KnowledgeStatPageQuerySchema>;
type KeywordQuery = z.output<typeof KnowledgeStatKeywordQuerySchema>;

const WEAK_NODES_SHOWN = 10;

function presentClass(row: NodeClassRow): KnowledgeNodeClassStat {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    mastery_rate: row.masteryRate,
    completeness_rate: row.completenessRate,
    answered_student_count: row.answeredStudentCount,
    weak_student_count: row.weakStudentCount,
    mastered_student_count: row.masteredStudentCount,
    activity_count: row.activityCount,
    resource_count: row.resourceCount,
    question_count: row.questionCount,
  };
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

function filterOf(query: PageQuery) {
  const keyword = typeof query.conditions.keyword === 'string' ? query.conditions.keyword.trim() : '';
  const level = MasteryLevelSchema.safeParse(query.conditions.level);
  return {
    keyword: keyword === '' ? null : keyword.slice(0, 100),
    level: level.success ? level.data : null,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
}

function keywordPage(query: KeywordQuery) {
  const keyword = query.keyword?.trim() ?? '';
  return {
    keyword: keyword === '' ? null : keyword,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
}

const completeness = (completed: number, total: number) => (total > 0 ? completed / total : null);

/** One page of a list: the page fields and the page's rows as the wire has them. */
function pageOf<Row, Item>(
  query: { page: number; page_size: number },
  page: { total: number; rows: readonly Row[] },
  present: (row: Row) => Item,
) {
  return { ...pageMeta(query, page.total), items: page.rows.map(present) };
}

/** One student's figures on one node, as both the node's students and the student's nodes show them. */
function studentNodeFigures(r: Record<string, unknown>) {
  const rate = rateOf(r.mastery_rate);
  const activities = num(r.activity_count);
  return {
    mastery_rate: rate,
    level: masteryLevel(rate),
    completeness_rate: completeness(num(r.completed), activities),
    completed_activity_count: num(r.completed),
    activity_count: activities,
    answered_count: num(r.answered_count),
    last_answer_at: isoOf(r.last_answer_at),
  };
}

/**
 * Knowledge-graph statistics (spec 001 section 7): read from the mastery aggregates the grading transactions
 * keep (0030_knowledge_mastery.sql) and the activity list's completion rules, never from every answer. The
 * teaching team reads everything; a student reads only their own figures, and only of a published graph.
 */
export function knowledgeStatisticsService(ctx: AppContext) {
  const repo = knowledgeStatisticsRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  /** The teaching team's statistics; a simulating instructor views the course as a student and is refused. */
  function assertTeaching(access: CourseAccess): void {
    assertCan(access, 'activity.manage');
  }

  async function teachingCourse(actor: Actor, courseId: number): Promise<CourseAccess> {
    const access = await courses.load(actor, courseId);
    assertTeaching(access);
    return access;
  }

  async function teachingNode(actor: Actor, nodeId: number) {
    const node = await repo.findNode(nodeId);
    if (!node) throw notFound();
    await teachingCourse(actor, node.courseId);
    return node;
  }

  /**
   * The teaching team for any student of the course; a student for themselves, once the graph is published.
   * Anyone else: refused; a student id that is not a student of the course: not found.
   */
  async function studentScope(actor: Actor, courseId: number, studentId: number) {
    const access = await courses.load(actor, courseId);
    if (!can(access, 'activity.manage')) {
      // A simulating instructor is not the student whose figures these are.
      if (access.simulating || actor.userId !== studentId || !can(access, 'learner.participate')) {
        throw forbidden();
      }
      // Students read published graphs only (issue 17).
      if (!(await repo.isPublished(courseId))) throw forbidden();
    }
    const student = await repo.findStudent(courseId, studentId);
    if (!student) throw notFound();
    return student;
  }

  /** A node and one student of its course, under the same rule as `studentScope`. */
  async function studentOfNode(actor: Actor, nodeId: number, studentId: number) {
    const node = await repo.findNode(nodeId);
    if (!node) throw notFound();
    const student = await studentScope(actor, node.courseId, studentId);
    return { node, student };
  }

  return {
    async summary(actor: Actor, courseId: number): Promise<KnowledgeStatSummary> {
      await teachingCourse(actor, courseId);
      const { studentCount, nodes } = await repo.nodeClassStats(courseId);
      const listed = nodes.map(presentClass);
      const answered = nodes.filter((n) => n.masteryRate !== null);
      const linked = nodes.filter((n) => n.completenessRate !== null);
      const weak = answered
        .filter((n) => (n.masteryRate ?? 1) < KNOWLEDGE_WEAK_RATE)
        .sort((a, b) => (a.masteryRate ?? 0) - (b.masteryRate ?? 0) || a.id - b.id)
        .slice(0, WEAK_NODES_SHOWN)
        .map(presentClass);
      return {
        node_count: nodes.length,
        student_count: studentCount,
        mastery_rate: mean(answered.map((n) => n.masteryRate ?? 0)),
        completeness_rate: mean(linked.map((n) => n.completenessRate ?? 0)),
        mastered_node_count: answered.filter((n) => (n.masteryRate ?? 0) >= KNOWLEDGE_MASTERED_RATE).length,
        weak_node_count: answered.filter((n) => (n.masteryRate ?? 1) < KNOWLEDGE_WEAK_RATE).length,
        weak_nodes: weak,
        nodes: listed,
      };
    },

    async overview(actor: Actor, nodeId: number): Promise<KnowledgeNodeOverview> {
      const node = await teachingNode(actor, nodeId);
      const [stats, distribution, visits] = await Promise.all([
        repo.nodeClassStats(node.courseId, node.id),
        repo.distribution(node.courseId, node.id),
        repo.visitCount(node.id),
      ]);
      const row = stats.nodes[0];
      if (!row) throw notFound();
      return {
        ...presentClass(row),
        course_id: node.courseId,
        student_count: stats.studentCount,
        distribution,
        visit_count: visits,
      };
    },

    async studentDetail(actor: Actor, nodeId: number, query: PageQuery): Promise<KnowledgeNodeStudentDetail> {
      const node = await teachingNode(actor, nodeId);
      const students = await repo.nodeStudents(node.courseId, node.id, filterOf(query));
      return pageOf(query, students, (r) => ({
        id: num(r.id),
        name: String(r.name),
        user_no: String(r.user_no ?? ''),
        ...studentNodeFigures(r),
      }));
    },

    async resourceDetail(
      actor: Actor,
      nodeId: number,
      query: PageQuery,
    ): Promise<KnowledgeNodeResourceDetail> {
      const node = await teachingNode(actor, nodeId);
      const filter = filterOf(query);
      const [resources, students] = await Promise.all([
        repo.nodeResources(node.courseId, node.id, filter, null),
        repo.studentCount(node.courseId),
      ]);
      return pageOf(query, resources, (r) => ({
        id: num(r.id),
        name: String(r.name),
        visit_count: num(r.visit_count),
        visitor_count: num(r.visitor_count),
        student_count: students,
      }));
    },

    async activityDetail(
      actor: Actor,
      nodeId: number,
      query: PageQuery,
    ): Promise<KnowledgeNodeActivityDetail> {
      const node = await teachingNode(actor, nodeId);
      const activities = await repo.nodeActivities(node.courseId, node.id, filterOf(query), null);
      return pageOf(query, activities, (r) => {
        const students = num(r.student_count);
        const max = num(r.max_score);
        return {
          id: num(r.id),
          title: String(r.title),
          type: String(r.type),
          completed_student_count: num(r.completed),
          student_count: students,
          completion_rate: completeness(num(r.completed), students),
          answered_student_count: num(r.answered),
          score_rate: max > 0 ? num(r.score) / max : null,
        };
      });
    },

    async studentsDimension(
      actor: Actor,
      courseId: number,
      query: PageQuery,
    ): Promise<KnowledgeStudentsDimension> {
      await teachingCourse(actor, courseId);
      const students = await repo.studentsDimension(courseId, filterOf(query));
      return {
        ...pageOf(query, students, (r) => ({
          id: num(r.id),
          name: String(r.name),
          user_no: String(r.user_no ?? ''),
          mastery_rate: rateOf(r.mastery_rate),
          answered_node_count: num(r.node_count),
          weak_node_count: num(r.weak_count),
          mastered_node_count: num(r.mastered_count),
          completeness_rate: completeness(num(r.completed), num(r.activity_count)),
          last_answer_at: isoOf(r.last_answer_at),
        })),
        node_count: students.nodeCount,
      };
    },

    async studentOverall(
      actor: Actor,
      courseId: number,
      studentId: number,
    ): Promise<KnowledgeStudentOverall> {
      const student = await studentScope(actor, courseId, studentId);
      const [row, classStats] = await Promise.all([
        repo.studentOverall(courseId, studentId),
        repo.nodeClassStats(courseId),
      ]);
      const nodes = num(row.node_count);
      const activities = num(row.activity_count);
      return {
        ...student,
        mastery_rate: nodes > 0 ? num(row.mastery_rate_sum) / nodes : null,
        answered_node_count: nodes,
        weak_node_count: num(row.weak_count),
        mastered_node_count: num(row.mastered_count),
        completeness_rate: completeness(num(row.completed), activities),
        last_answer_at: isoOf(row.last_answer_at),
        node_count: num(row.nodes),
        activity_count: activities,
        completed_activity_count: num(row.completed),
        class_mastery_rate: mean(
          classStats.nodes.filter((n) => n.masteryRate !== null).map((n) => n.masteryRate ?? 0),
        ),
        class_completeness_rate: mean(
          classStats.nodes.filter((n) => n.completenessRate !== null).map((n) => n.completenessRate ?? 0),
        ),
      };
    },

    async studentNodes(actor: Actor, courseId: number, studentId: number): Promise<KnowledgeStudentNodes> {
      const student = await studentScope(actor, courseId, studentId);
      const rows = await repo.studentNodes(courseId, studentId, null);
      return { student, items: rows.map(presentStudentNode) };
    },

    async nodeStudent(actor: Actor, nodeId: number, studentId: number): Promise<KnowledgeNodeStudent> {
      const { node, student } = await studentOfNode(actor, nodeId, studentId);
      const [rows, resources] = await Promise.all([
        repo.studentNodes(node.courseId, studentId, node.id),
        repo.nodeResources(node.courseId, node.id, { keyword: null, limit: 10_000, offset: 0 }, studentId),
      ]);
      const row = rows[0];
      if (!row) throw notFound();
      return {
        ...presentStudentNode(row),
        student,
        resource_count: resources.total,
        visited_resource_count: resources.rows.filter((r) => num(r.visit_count) > 0).length,
      };
    },

    async studentResources(
      actor: Actor,
      nodeId: number,
      studentId: number,
      query: KeywordQuery,
    ): Promise<KnowledgeStudentResourceStats> {
      const { node } = await studentOfNode(actor, nodeId, studentId);
      const resources = await repo.nodeResources(node.courseId, node.id, keywordPage(query), studentId);
      return pageOf(query, resources, (r) => ({
        id: num(r.id),
        name: String(r.name),
        visit_count: num(r.visit_count),
        last_visited_at: isoOf(r.last_visited_at),
      }));
    },

    async studentActivities(
      actor: Actor,
      nodeId: number,
      studentId: number,
      query: KeywordQuery,
    ): Promise<KnowledgeStudentActivityStats> {
      const { node } = await studentOfNode(actor, nodeId, studentId);
      const activities = await repo.nodeActivities(node.courseId, node.id, keywordPage(query), studentId);
      return pageOf(query, activities, (r) => {
        const answered = num(r.answered_count);
        const max = answered > 0 ? num(r.max_score) : null;
        const score = answered > 0 ? num(r.score) : null;
        return {
          id: num(r.id),
          title: String(r.title),
          type: String(r.type),
          completed: num(r.completed) > 0,
          answered_count: answered,
          score,
          max_score: max,
          score_rate: max !== null && max > 0 && score !== null ? score / max : null,
          last_answer_at: isoOf(r.last_answer_at),
        };
      });
    },

    async referTypes(actor: Actor, courseId: number): Promise<KnowledgeReferTypeStats> {
      await teachingCourse(actor, courseId);
      const rows = await repo.referTypes(courseId);
      return {
        items: rows.map((r) => ({
          refer_type: r.refer_type as 'activity' | 'upload' | 'subject',
          type: r.type === null || r.type === undefined ? null : String(r.type),
          reference_count: num(r.reference_count),
          node_count: num(r.node_count),
        })),
      };
    },
  };
}

function presentStudentNode(r: Record<string, unknown>): KnowledgeStudentNodeStat {
  return {
    id: num(r.id),
    name: String(r.name),
    parent_id: r.parent_id === null ? null : num(r.parent_id),
    ...studentNodeFigures(r),
    class_mastery_rate: rateOf(r.class_mastery_rate),
  };
}

export type KnowledgeStatisticsService = ReturnType<typeof knowledgeStatisticsService>;
