import { sql, type SQL } from 'drizzle-orm';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import {
  KNOWLEDGE_MASTERED_RATE,
  KNOWLEDGE_WEAK_RATE,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import type { Executor } from '../../platform/database.ts';

/** Raw rows: PostgreSQL counts arrive as strings, timestamps as Date or string depending on the driver. */
type Raw = Record<string, unknown>;

function rowsOf(result: unknown): Raw[] {
  return (result as { rows: Raw[] }).rows;
}

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const rateOf = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
export const isoOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const studentRoles = sql`cm.roles && array['student','student_assistant']::text[] and not (cm.roles && array['instructor','instructor_assistant']::text[])`;

/** The course's students (the examinees' rule: a student role and no teaching role). */
const courseStudents = (courseId: number) =>
  sql`select cm.user_id from course_members cm where cm.course_id = ${courseId} and ${studentRoles}`;

/**
 * Who completed which of some activities: the activity list's completion rules (activities/activity-completion.ts
 * and activities.service.ts `completionOf`) for many learners at once, restricted to `students` when given.
 * Bounded by the activities' own rows (reads, hand-ins, watch ranges), never by the whole course. An activity
 * whose criterion no rule judges (none, participate) counts as completed once the learner opened it.
 */
function completedPairs(activityIds: SQL, students: SQL | null): SQL {
  const only = (column: SQL) => (students ? sql`and ${column} in (${students})` : sql``);
  const threshold = sql`coalesce(a.completion_criterion_value, 0)`;
  return sql`
    select a.id as activity_id, x.user_id
    from activities a
    cross join lateral (
      select r.user_id from activity_reads r
      where r.activity_id = a.id
        and not (a.type in ('exam', 'classroom_exam', 'homework') and a.completion_criterion_key in ('submitted', 'score'))
        and a.completion_criterion_key <> 'completeness'
        ${only(sql`r.user_id`)}
      union all
      select s.examinee_id from exam_submissions s
      where a.type in ('exam', 'classroom_exam') and a.completion_criterion_key in ('submitted', 'score')
        and s.activity_id = a.id and s.status = 'submitted' ${only(sql`s.examinee_id`)}
      group by s.examinee_id
      having a.completion_criterion_key = 'submitted' or max(s.score) >= ${threshold}
      union all
      select coalesce(hs.user_id, gm.user_id) from homework_submitters hs
      left join group_members gm on gm.group_id = hs.group_id
      where a.type = 'homework' and a.completion_criterion_key in ('submitted', 'score')
        and hs.activity_id = a.id and hs.last_version > 0
        and hs.status in (${HOMEWORK_STATUS.submitted}, ${HOMEWORK_STATUS.makeUp}, ${HOMEWORK_STATUS.redo})
        ${only(sql`coalesce(hs.user_id, gm.user_id)`)}
        and (a.completion_criterion_key = 'submitted' or (
          select coalesce(v.final_score, v.score) from homework_submissions v
          where v.activity_id = a.id and not v.is_draft
            and (v.user_id = hs.user_id or v.group_id = hs.group_id)
          order by v.version desc limit 1) >= ${threshold})
      union all
      select w.user_id from video_watch_ranges w
      where a.completion_criterion_key = 'completeness' and a.type <> 'h5_courseware'
        and w.activity_id = a.id and w.completeness > 0
        and w.completeness >= coalesce(a.completion_criterion_value, 100) ${only(sql`w.user_id`)}
      union all
      select h.user_id from h5_learner_states h
      where a.type = 'h5_courseware' and a.completion_criterion_key = 'completeness'
        and h.activity_id = a.id
        and (h.progress >= coalesce(a.completion_criterion_value, 100) or h.completion_status = 'completed')
        ${only(sql`h.user_id`)}
    ) as x
    where a.id = any(${activityIds}) and a.recycle_bin_item_id is null`;
}

/** The live activities a node references (refer_type activity), as an int[] expression. */
const nodeActivities = (nodeId: number) => sql`array(
  select r.refer_id from knowledge_node_references r
  join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
  where r.knowledge_node_id = ${nodeId} and r.refer_type = 'activity')`;

export type NodeRow = { id: number; courseId: number; name: string; parentId: number | null };

export type NodeClassRow = {
  id: number;
  name: string;
  parentId: number | null;
  masteryRate: number | null;
  completenessRate: number | null;
  answeredStudentCount: number;
  weakStudentCount: number;
  masteredStudentCount: number;
  activityCount: number;
  resourceCount: number;
  questionCount: number;
};

function classRowOf(r: Raw): NodeClassRow {
  const students = num(r.mastery_students);
  return {
    id: num(r.id),
    name: String(r.name),
    parentId: r.parent_id === null ? null : num(r.parent_id),
    masteryRate: students > 0 ? num(r.mastery_sum) / students : null,
    completenessRate: rateOf(r.completeness_rate),
    answeredStudentCount: students,
    weakStudentCount: num(r.weak_count),
    masteredStudentCount: num(r.mastered_count),
    activityCount: num(r.activity_count),
    resourceCount: num(r.resource_count),
    questionCount: num(r.question_count),
  };
}

/**
 * Class figures of nodes: the maintained class aggregates, reference counts and completeness as the mean over
 * the node's activities of the share of students who completed each (the mean over students of their
 * completeness, since every student has the same linked activities).
 */
function nodeClassQuery(courseId: number, nodeFilter: SQL): SQL {
  // Every count is grouped once (not a subquery per node): 500 nodes each re-reading a 5,000-row student
  // list was most of the summary's time.
  return sql`
    with nodes as materialized (
      select n.id, n.name, n.parent_id, n.sort from knowledge_nodes n
      where n.course_id = ${courseId} and n.deleted_at is null ${nodeFilter}),
    students as materialized (${courseStudents(courseId)}),
    sc as materialized (select count(*)::float8 as n from students),
    refs as materialized (
      select r.knowledge_node_id, r.refer_type, r.refer_id from knowledge_node_references r
      join nodes on nodes.id = r.knowledge_node_id
      left join activities a on r.refer_type = 'activity' and a.id = r.refer_id
      where r.refer_type <> 'activity' or a.recycle_bin_item_id is null),
    acts as materialized (select distinct refer_id as id from refs where refer_type = 'activity'),
    done as materialized (
      select p.activity_id, count(distinct p.user_id) as n
      from (${completedPairs(sql`array(select id from acts)`, sql`select user_id from students`)}) p
      group by p.activity_id),
    ref_counts as materialized (
      select refs.knowledge_node_id,
        count(*) filter (where refs.refer_type = 'activity') as activity_count,
        count(*) filter (where refs.refer_type = 'upload') as resource_count,
        avg(coalesce(done.n, 0)::float8) filter (where refs.refer_type = 'activity') as done_mean
      from refs left join done on refs.refer_type = 'activity' and done.activity_id = refs.refer_id
      group by refs.knowledge_node_id),
    questions as materialized (
      select k.knowledge_node_id, count(*) as n from subject_knowledge_nodes k
      join nodes on nodes.id = k.knowledge_node_id group by k.knowledge_node_id)
    select nodes.id, nodes.name, nodes.parent_id,
      coalesce(cs.student_count, 0) as mastery_students, coalesce(cs.mastery_rate_sum, 0) as mastery_sum,
      coalesce(cs.weak_count, 0) as weak_count, coalesce(cs.mastered_count, 0) as mastered_count,
      coalesce(rc.activity_count, 0) as activity_count, coalesce(rc.resource_count, 0) as resource_count,
      coalesce(q.n, 0) as question_count,
      case when sc.n = 0 then null else rc.done_mean / sc.n end as completeness_rate,
      sc.n as student_count
    from nodes
    cross join sc
    left join ref_counts rc on rc.knowledge_node_id = nodes.id
    left join questions q on q.knowledge_node_id = nodes.id
    left join knowledge_node_class_stats cs on cs.knowledge_node_id = nodes.id
    order by nodes.parent_id nulls first, nodes.sort, nodes.id`;
}

const lowerKeyword = (column: SQL, keyword: string) =>
  sql`strpos(lower(${column}), ${keyword.toLowerCase()}) > 0`;

export function knowledgeStatisticsRepository(db: Executor) {
  async function all(query: SQL, tx: Executor = db): Promise<Raw[]> {
    return rowsOf(await tx.execute(query));
  }

  return {
    async findNode(id: number, tx: Executor = db): Promise<NodeRow | undefined> {
      const [row] = await all(
        sql`select id, course_id, name, parent_id from knowledge_nodes where id = ${id} and deleted_at is null`,
        tx,
      );
      if (!row) return undefined;
      return {
        id: num(row.id),
        courseId: num(row.course_id),
        name: String(row.name),
        parentId: row.parent_id === null ? null : num(row.parent_id),
      };
    },

    async isPublished(courseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await all(
        sql`select published from knowledge_graph_states where course_id = ${courseId}`,
        tx,
      );
      return row?.published === true;
    },

    /** The student with their name, when they are a student of the course. */
    async findStudent(courseId: number, userId: number, tx: Executor = db) {
      const [row] = await all(
        sql`select u.id, u.name, u.user_no from course_members cm join users u on u.id = cm.user_id
            where cm.course_id = ${courseId} and cm.user_id = ${userId} and ${studentRoles}`,
        tx,
      );
      return row
        ? { id: num(row.id), name: String(row.name), user_no: String(row.user_no ?? '') }
        : undefined;
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await all(sql`select count(*) as n from (${courseStudents(courseId)}) s`, tx);
      return num(row?.n);
    },

    async nodeClassStats(courseId: number, nodeId?: number, tx: Executor = db) {
      const rows = await all(
        nodeClassQuery(courseId, nodeId === undefined ? sql`` : sql`and n.id = ${nodeId}`),
        tx,
      );
      return {
        studentCount: rows.length > 0 ? num(rows[0]?.student_count) : await this.studentCount(courseId, tx),
        nodes: rows.map(classRowOf),
      };
    },

    /** Students per mastery level of one node, over the course's students. */
    async distribution(courseId: number, nodeId: number, tx: Executor = db) {
      const [row] = await all(
        sql`select
              count(*) filter (where ns.mastery_rate < ${KNOWLEDGE_WEAK_RATE}) as weak,
              count(*) filter (where ns.mastery_rate >= ${KNOWLEDGE_WEAK_RATE} and ns.mastery_rate < ${KNOWLEDGE_MASTERED_RATE}) as fair,
              count(*) filter (where ns.mastery_rate >= ${KNOWLEDGE_MASTERED_RATE}) as mastered,
              count(*) filter (where ns.mastery_rate is null) as unanswered
            from (${courseStudents(courseId)}) s
            left join knowledge_node_students ns on ns.knowledge_node_id = ${nodeId} and ns.student_id = s.user_id`,
        tx,
      );
      return {
        weak: num(row?.weak),
        fair: num(row?.fair),
        mastered: num(row?.mastered),
        unanswered: num(row?.unanswered),
      };
    },

    async visitCount(nodeId: number, tx: Executor = db): Promise<number> {
      const [row] = await all(
        sql`select count(*) as n from knowledge_visits where knowledge_node_id = ${nodeId}`,
        tx,
      );
      return num(row?.n);
    },

    /**
     * A page of the course's students on one node: weakest first (unanswered last), then by number. `level`
     * and `keyword` filter.
     */
    async nodeStudents(
      courseId: number,
      nodeId: number,
      filter: { keyword: string | null; level: string | null; limit: number; offset: number },
      tx: Executor = db,
    ) {
      const conditions: SQL[] = [sql`true`];
      if (filter.keyword) {
        conditions.push(
          sql`(${lowerKeyword(sql`u.name`, filter.keyword)} or ${lowerKeyword(sql`u.user_no`, filter.keyword)})`,
        );
      }
      if (filter.level === 'weak') conditions.push(sql`ns.mastery_rate < ${KNOWLEDGE_WEAK_RATE}`);
      if (filter.level === 'fair') {
        conditions.push(
          sql`ns.mastery_rate >= ${KNOWLEDGE_WEAK_RATE} and ns.mastery_rate < ${KNOWLEDGE_MASTERED_RATE}`,
        );
      }
      if (filter.level === 'mastered') conditions.push(sql`ns.mastery_rate >= ${KNOWLEDGE_MASTERED_RATE}`);
      if (filter.level === 'unanswered') conditions.push(sql`ns.mastery_rate is null`);
      const rows = await all(
        sql`
          with acts as materialized (select unnest(${nodeActivities(nodeId)}) as id),
          filtered as materialized (
            select u.id, u.name, u.user_no, ns.mastery_rate, ns.answered_count, ns.last_answer_at
            from (${courseStudents(courseId)}) s
            join users u on u.id = s.user_id
            left join knowledge_node_students ns on ns.knowledge_node_id = ${nodeId} and ns.student_id = s.user_id
            where ${sql.join(conditions, sql` and `)}),
          page as materialized (
            select * from filtered
            order by mastery_rate asc nulls last, user_no collate "C", id
            limit ${filter.limit} offset ${filter.offset})
          select page.*, (select count(*) from filtered) as total, (select count(*) from acts) as activity_count,
            (select count(distinct p.activity_id) from (${completedPairs(
              sql`array(select id from acts)`,
              sql`select page.id`,
            )}) p) as completed
          from page
          order by mastery_rate asc nulls last, user_no collate "C", id`,
        tx,
      );
      if (rows.length > 0) return { total: num(rows[0]?.total), rows };
      const [count] = await all(
        sql`select count(*) as n from (${courseStudents(courseId)}) s join users u on u.id = s.user_id
            left join knowledge_node_students ns on ns.knowledge_node_id = ${nodeId} and ns.student_id = s.user_id
            where ${sql.join(conditions, sql` and `)}`,
        tx,
      );
      const total = num(count?.n);
      return { total, rows };
    },

    /** The node's resources (uploads) with the course's students' visits. */
    async nodeResources(
      courseId: number,
      nodeId: number,
      page: { keyword: string | null; limit: number; offset: number },
      studentId: number | null,
      tx: Executor = db,
    ) {
      const keyword = page.keyword ? sql`and ${lowerKeyword(sql`up.name`, page.keyword)}` : sql``;
      const visitor =
        studentId === null ? sql`v.user_id in (${courseStudents(courseId)})` : sql`v.user_id = ${studentId}`;
      const rows = await all(
        sql`
          with res as materialized (
            select r.refer_id as id, up.name from knowledge_node_references r
            join uploads up on up.id = r.refer_id
            where r.knowledge_node_id = ${nodeId} and r.refer_type = 'upload' ${keyword})
          select res.id, res.name, (select count(*) from res) as total,
            (select count(*) from knowledge_visits v where v.knowledge_node_id = ${nodeId}
               and v.target_type = 'upload' and v.target_id = res.id and ${visitor}) as visit_count,
            (select count(distinct v.user_id) from knowledge_visits v where v.knowledge_node_id = ${nodeId}
               and v.target_type = 'upload' and v.target_id = res.id and ${visitor}) as visitor_count,
            (select max(v.visited_at) from knowledge_visits v where v.knowledge_node_id = ${nodeId}
               and v.target_type = 'upload' and v.target_id = res.id and ${visitor}) as last_visited_at
          from res order by res.name, res.id limit ${page.limit} offset ${page.offset}`,
        tx,
      );
      const total =
        rows.length > 0 ? num(rows[0]?.total) : await this.countNodeResources(nodeId, page.keyword, tx);
      return { total, rows };
    },

    async countNodeResources(nodeId: number, keyword: string | null, tx: Executor = db): Promise<number> {
      const filter = keyword ? sql`and ${lowerKeyword(sql`up.name`, keyword)}` : sql``;
      const [row] = await all(
        sql`select count(*) as n from knowledge_node_references r join uploads up on up.id = r.refer_id
            where r.knowledge_node_id = ${nodeId} and r.refer_type = 'upload' ${filter}`,
        tx,
      );
      return num(row?.n);
    },

    /**
     * The node's activities with the class's completion (or one student's), and the score of the answers of
     * each activity that test the node.
     */
    async nodeActivities(
      courseId: number,
      nodeId: number,
      page: { keyword: string | null; limit: number; offset: number },
      studentId: number | null,
      tx: Executor = db,
    ) {
      const keyword = page.keyword ? sql`and ${lowerKeyword(sql`a.title`, page.keyword)}` : sql``;
      const students = studentId === null ? sql`select user_id from students` : sql`select ${studentId}::int`;
      const sources =
        studentId === null
          ? sql`and m.student_id in (select user_id from students)`
          : sql`and m.student_id = ${studentId}`;
      const rows = await all(
        sql`
          with students as materialized (${courseStudents(courseId)}),
          acts as materialized (
            select a.id, a.title, a.type from knowledge_node_references r
            join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
            where r.knowledge_node_id = ${nodeId} and r.refer_type = 'activity' ${keyword}),
          page as materialized (select * from acts order by title, id limit ${page.limit} offset ${page.offset}),
          done as materialized (
            select p.activity_id, count(distinct p.user_id) as n
            from (${completedPairs(sql`array(select id from page)`, students)}) p group by p.activity_id)
          select page.id, page.title, page.type, (select count(*) from acts) as total,
            (select count(*) from students) as student_count,
            coalesce(done.n, 0) as completed,
            (select count(distinct m.student_id) from knowledge_mastery_sources m
               where m.knowledge_node_id = ${nodeId} and m.activity_id = page.id ${sources}) as answered,
            (select sum(m.score) from knowledge_mastery_sources m
               where m.knowledge_node_id = ${nodeId} and m.activity_id = page.id ${sources}) as score,
            (select sum(m.max_score) from knowledge_mastery_sources m
               where m.knowledge_node_id = ${nodeId} and m.activity_id = page.id ${sources}) as max_score,
            (select sum(m.answered_count) from knowledge_mastery_sources m
               where m.knowledge_node_id = ${nodeId} and m.activity_id = page.id ${sources}) as answered_count,
            (select max(m.last_answer_at) from knowledge_mastery_sources m
               where m.knowledge_node_id = ${nodeId} and m.activity_id = page.id ${sources}) as last_answer_at
          from page left join done on done.activity_id = page.id
          order by page.title, page.id`,
        tx,
      );
      let total = rows.length > 0 ? num(rows[0]?.total) : 0;
      if (rows.length === 0 && page.offset > 0) {
        const [count] = await all(
          sql`select count(*) as n from knowledge_node_references r
              join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
              where r.knowledge_node_id = ${nodeId} and r.refer_type = 'activity' ${keyword}`,
          tx,
        );
        total = num(count?.n);
      }
      return { total, rows };
    },

    /** A page of the course's students over all nodes, by number, with their completeness of linked activities. */
    async studentsDimension(
      courseId: number,
      filter: { keyword: string | null; level: string | null; limit: number; offset: number },
      tx: Executor = db,
    ) {
      const conditions: SQL[] = [sql`true`];
      if (filter.keyword) {
        conditions.push(
          sql`(${lowerKeyword(sql`u.name`, filter.keyword)} or ${lowerKeyword(sql`u.user_no`, filter.keyword)})`,
        );
      }
      const meanRate = sql`(case when ks.node_count > 0 then ks.mastery_rate_sum / ks.node_count end)`;
      if (filter.level === 'weak') conditions.push(sql`${meanRate} < ${KNOWLEDGE_WEAK_RATE}`);
      if (filter.level === 'fair') {
        conditions.push(
          sql`${meanRate} >= ${KNOWLEDGE_WEAK_RATE} and ${meanRate} < ${KNOWLEDGE_MASTERED_RATE}`,
        );
      }
      if (filter.level === 'mastered') conditions.push(sql`${meanRate} >= ${KNOWLEDGE_MASTERED_RATE}`);
      if (filter.level === 'unanswered') conditions.push(sql`${meanRate} is null`);
      const rows = await all(
        sql`
          with acts as materialized (
            select distinct r.refer_id as id from knowledge_node_references r
            join knowledge_nodes n on n.id = r.knowledge_node_id and n.deleted_at is null
            join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
            where r.course_id = ${courseId} and r.refer_type = 'activity'),
          filtered as materialized (
            select u.id, u.name, u.user_no, ${meanRate} as mastery_rate, coalesce(ks.node_count, 0) as node_count,
              coalesce(ks.weak_count, 0) as weak_count, coalesce(ks.mastered_count, 0) as mastered_count,
              ks.last_answer_at
            from (${courseStudents(courseId)}) s
            join users u on u.id = s.user_id
            left join knowledge_course_students ks on ks.course_id = ${courseId} and ks.student_id = s.user_id
            where ${sql.join(conditions, sql` and `)}),
          page as materialized (
            select * from filtered order by user_no collate "C", id limit ${filter.limit} offset ${filter.offset}),
          done as materialized (
            select p.user_id, count(distinct p.activity_id) as n
            from (${completedPairs(sql`array(select id from acts)`, sql`select id from page`)}) p group by p.user_id)
          select page.*, (select count(*) from filtered) as total, (select count(*) from acts) as activity_count,
            coalesce(done.n, 0) as completed
          from page left join done on done.user_id = page.id
          order by page.user_no collate "C", page.id`,
        tx,
      );
      const [nodes] = await all(
        sql`select count(*) as n from knowledge_nodes where course_id = ${courseId} and deleted_at is null`,
        tx,
      );
      return { total: rows.length > 0 ? num(rows[0]?.total) : 0, nodeCount: num(nodes?.n), rows };
    },

    /** The student's course aggregate and their completion of the course's linked activities. */
    async studentOverall(courseId: number, studentId: number, tx: Executor = db) {
      const [row] = await all(
        sql`
          with acts as materialized (
            select distinct r.refer_id as id from knowledge_node_references r
            join knowledge_nodes n on n.id = r.knowledge_node_id and n.deleted_at is null
            join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
            where r.course_id = ${courseId} and r.refer_type = 'activity')
          select ks.node_count, ks.mastery_rate_sum, ks.weak_count, ks.mastered_count, ks.last_answer_at,
            (select count(*) from knowledge_nodes where course_id = ${courseId} and deleted_at is null) as nodes,
            (select count(*) from acts) as activity_count,
            (select count(distinct p.activity_id) from (${completedPairs(
              sql`array(select id from acts)`,
              sql`select ${studentId}::int`,
            )}) p) as completed,
            (select sum(c.mastery_rate_sum) / nullif(sum(c.student_count), 0) from knowledge_node_class_stats c
               join knowledge_nodes n on n.id = c.knowledge_node_id and n.deleted_at is null
               where c.course_id = ${courseId}) as class_mastery_rate
          from (select 1) as one
          left join knowledge_course_students ks on ks.course_id = ${courseId} and ks.student_id = ${studentId}`,
        tx,
      );
      return row ?? {};
    },

    /** Every node of the course for one student, with completion of each node's activities. */
    async studentNodes(courseId: number, studentId: number, nodeId: number | null, tx: Executor = db) {
      const only = nodeId === null ? sql`` : sql`and n.id = ${nodeId}`;
      return all(
        sql`
          with nodes as materialized (
            select n.id, n.name, n.parent_id, n.sort from knowledge_nodes n
            where n.course_id = ${courseId} and n.deleted_at is null ${only}),
          refs as materialized (
            select r.knowledge_node_id, r.refer_id from knowledge_node_references r
            join nodes on nodes.id = r.knowledge_node_id
            join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
            where r.refer_type = 'activity'),
          done as materialized (
            select distinct p.activity_id from (${completedPairs(
              sql`array(select distinct refer_id from refs)`,
              sql`select ${studentId}::int`,
            )}) p)
          select nodes.id, nodes.name, nodes.parent_id, ns.mastery_rate, ns.answered_count, ns.last_answer_at,
            (select count(*) from refs where refs.knowledge_node_id = nodes.id) as activity_count,
            (select count(*) from refs join done on done.activity_id = refs.refer_id
               where refs.knowledge_node_id = nodes.id) as completed,
            case when cs.student_count > 0 then cs.mastery_rate_sum / cs.student_count end as class_mastery_rate
          from nodes
          left join knowledge_node_students ns on ns.knowledge_node_id = nodes.id and ns.student_id = ${studentId}
          left join knowledge_node_class_stats cs on cs.knowledge_node_id = nodes.id
          order by nodes.parent_id nulls first, nodes.sort, nodes.id`,
        tx,
      );
    },

    async referTypes(courseId: number, tx: Executor = db) {
      return all(
        sql`
          select 'activity' as refer_type, a.type, count(*) as reference_count,
                 count(distinct r.knowledge_node_id) as node_count
          from knowledge_node_references r
          join knowledge_nodes n on n.id = r.knowledge_node_id and n.deleted_at is null
          join activities a on a.id = r.refer_id and a.recycle_bin_item_id is null
          where r.course_id = ${courseId} and r.refer_type = 'activity'
          group by a.type
          union all
          select 'upload', null, count(*), count(distinct r.knowledge_node_id)
          from knowledge_node_references r
          join knowledge_nodes n on n.id = r.knowledge_node_id and n.deleted_at is null
          where r.course_id = ${courseId} and r.refer_type = 'upload'
          having count(*) > 0
          union all
          select 'subject', null, count(*), count(distinct k.knowledge_node_id)
          from subject_knowledge_nodes k
          join knowledge_nodes n on n.id = k.knowledge_node_id and n.deleted_at is null
          where n.course_id = ${courseId}
          having count(*) > 0
          order by 1, 2`,
        tx,
      );
    },
  };
}

export type KnowledgeStatisticsRepository = ReturnType<typeof knowledgeStatisticsRepository>;
