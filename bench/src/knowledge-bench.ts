// Knowledge-graph statistics and mastery (issue 17): a course of 500 knowledge nodes and 5,000 students, every
// student with a mastery figure on every node (2.5 million rows, seeded straight in SQL), 50 linked activities
// half the class has read, and a classroom exam whose questions test the nodes. Timed one request at a time,
// each paired with the bare ceiling's empty `/health` so the server's own time is the difference:
//   - the instructor's course summary `GET /api/course/{id}/knowledge-nodes/statistics/summary` and a node's
//     overview `GET /api/knowledge-nodes/{id}/statistics/overview`: target median server time < 200 ms;
//   - a new graded answer (a classroom answer inserted, its trigger moving the student's, the class's and the
//     student's course figures of the question's nodes in the same statement): target median < 50 ms.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';
import { insertBenchCourse, seedInTransaction } from './bench-course-seed.ts';
import { positiveInt } from './env-settings.ts';
import { getJson, percentile, timePairedCalls } from './paired-timing.ts';

export const KNOWLEDGE_BENCH_NAME = 'knowledge statistics (500 nodes × 5,000 students)';

export const KNOWLEDGE_READ_TARGET_MS = 200;
export const KNOWLEDGE_UPDATE_TARGET_MS = 50;

export type KnowledgeBenchData = {
  courseId: number;
  nodeIds: number[];
  students: number[];
  classroomId: number;
  subjectIds: number[];
};

/** BENCH_KG_NODES and BENCH_KG_STUDENTS override the 500 × 5,000 for a quick look. */
export async function seedKnowledgeBench(databaseUrl: string, data: BenchData): Promise<KnowledgeBenchData> {
  const nodeCount = positiveInt('BENCH_KG_NODES', 500);
  const studentCount = positiveInt('BENCH_KG_STUDENTS', 5000);
  return seedInTransaction(
    databaseUrl,
    async (client, one) => {
      const { courseId, moduleId } = await insertBenchCourse(client, data, {
        name: 'Knowledge 5000',
        code: 'KG5000',
      });
      const students = (
        await client.query<{ id: number }>(
          `insert into users (org_id, user_no, name, email, org_role, password_hash)
           select $1, 'kg-' || n, 'KG student ' || n, 'kg' || n || '@example.edu', 'member', 'not-a-login'
           from generate_series(1, $2::int) as n returning id`,
          [data.orgId, studentCount],
        )
      ).rows.map((r) => r.id);
      await client.query(
        `insert into course_members (course_id, user_id, roles)
         select $1, id, array['student'] from unnest($2::int[]) as id`,
        [courseId, students],
      );
      // 20 chapters, the other nodes spread under them.
      const roots = Math.min(20, nodeCount);
      const rootIds = (
        await client.query<{ id: number }>(
          `insert into knowledge_nodes (course_id, name, node_key, sort)
           select $1, 'Chapter ' || n, 'root-' || n, n from generate_series(1, $2::int) as n returning id`,
          [courseId, roots],
        )
      ).rows.map((r) => r.id);
      const childIds = (
        await client.query<{ id: number }>(
          `insert into knowledge_nodes (course_id, parent_id, name, node_key, sort)
           select $1, ($2::int[])[1 + n % $3::int], 'Point ' || n, 'point-' || n, n
           from generate_series(1, $4::int) as n returning id`,
          [courseId, rootIds, roots, Math.max(0, nodeCount - roots)],
        )
      ).rows.map((r) => r.id);
      const nodeIds = [...rootIds, ...childIds];
      // Every student on every node: rates spread over 0..1, two answers each, the last a day ago.
      await client.query(
        `insert into knowledge_node_students
           (knowledge_node_id, student_id, course_id, weighted_score, weighted_max, answered_count, mastery_rate, last_answer_at)
         select n, s, $1, r * 2, 2, 2, r, now() - interval '1 day'
         from unnest($2::int[]) as n cross join unnest($3::int[]) as s
         cross join lateral (select ((n * 7 + s * 13) % 101) / 100.0 as r) as rate`,
        [courseId, nodeIds, students],
      );
      await client.query(
        `insert into knowledge_node_class_stats
           (knowledge_node_id, course_id, student_count, mastery_rate_sum, weak_count, mastered_count, answered_count)
         select knowledge_node_id, $1, count(*), sum(mastery_rate), count(*) filter (where mastery_rate < 0.6),
                count(*) filter (where mastery_rate >= 0.8), sum(answered_count)
         from knowledge_node_students where course_id = $1 group by knowledge_node_id`,
        [courseId],
      );
      await client.query(
        `insert into knowledge_course_students
           (course_id, student_id, node_count, mastery_rate_sum, weak_count, mastered_count, answered_count, last_answer_at)
         select $1, student_id, count(*), sum(mastery_rate), count(*) filter (where mastery_rate < 0.6),
                count(*) filter (where mastery_rate >= 0.8), sum(answered_count), max(last_answer_at)
         from knowledge_node_students where course_id = $1 group by student_id`,
        [courseId],
      );
      // 50 readings, each node linked to one; half the class read each.
      const activityIds = (
        await client.query<{ id: number }>(
          `insert into activities (course_id, module_id, type, title, published, completion_criterion_key, sort, created_by)
           select $1, $2, 'material', 'Reading ' || n, true, 'view', n, $3 from generate_series(1, 50) as n returning id`,
          [courseId, moduleId, data.userId],
        )
      ).rows.map((r) => r.id);
      await client.query(
        `insert into knowledge_node_references (course_id, knowledge_node_id, refer_type, refer_id)
         select $1, n, 'activity', ($3::int[])[1 + n % 50] from unnest($2::int[]) as n`,
        [courseId, nodeIds, activityIds],
      );
      await client.query(
        `insert into activity_reads (activity_id, user_id)
         select a, s from unnest($1::int[]) as a cross join unnest($2::int[]) as s where (a + s) % 2 = 0`,
        [activityIds, students],
      );
      // A classroom exam of 20 one-point questions, each testing two nodes.
      const classroomId = await one(
        `insert into activities (course_id, module_id, type, title, data, published, completion_criterion_key, sort, created_by)
         values ($1, $2, 'classroom_exam', 'Quiz', '{}', true, 'submitted', 100, $3) returning id`,
        [courseId, moduleId, data.userId],
      );
      const subjectIds = (
        await client.query<{ id: number }>(
          `insert into subjects (activity_id, type, description, point, sort, created_by)
           select $1, 'single_selection', '<p>Question ' || n || '</p>', 1, n, $2 from generate_series(1, 20) as n
           returning id`,
          [classroomId, data.userId],
        )
      ).rows.map((r) => r.id);
      await client.query(
        `insert into subject_knowledge_nodes (subject_id, knowledge_node_id)
         select q, ($2::int[])[1 + ((q * 2 + k) % array_length($2::int[], 1))]
         from unnest($1::int[]) as q cross join generate_series(0, 1) as k`,
        [subjectIds, nodeIds],
      );
      return { courseId, nodeIds, students, classroomId, subjectIds };
    },
    // The link trigger queued relink jobs for questions with no answers: none to do, and none wanted here.
    async (client) => {
      await client.query(`delete from jobs where type = 'knowledge.mastery-relink'`);
    },
  );
}

type Timing = { samples: number; p50: number; p95: number; serverP50: number; serverP95: number };

export type KnowledgeBenchResult = {
  summary: Timing & { nodes: number };
  overview: Timing & { students: number };
  update: { samples: number; p50: number; p95: number };
};

export async function runKnowledgeBench(
  server: RunningProcess,
  bare: RunningProcess,
  cookie: string,
  databaseUrl: string,
  seeded: KnowledgeBenchData,
): Promise<KnowledgeBenchResult> {
  const rounds = positiveInt('BENCH_KG_SAMPLES', 40);
  const timeCalls = (url: string) =>
    timePairedCalls(bare, () => getJson(`${server.baseUrl}${url}`, cookie, url), { warmup: 5, rounds });
  const summary = await timeCalls(`/api/course/${seeded.courseId}/knowledge-nodes/statistics/summary`);
  const leaf = seeded.nodeIds[seeded.nodeIds.length - 1]!;
  const overview = await timeCalls(`/api/knowledge-nodes/${leaf}/statistics/overview`);
  // New graded answers, one statement each as the classroom answer call writes them: the trigger refreshes
  // the student's sources of the quiz and moves three aggregates per node of the question.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const updates: number[] = [];
  try {
    const samples = Math.min(positiveInt('BENCH_KG_UPDATES', 200), seeded.students.length);
    for (let i = 0; i < samples; i += 1) {
      const student = seeded.students[(i * 7919) % seeded.students.length]!;
      const subject = seeded.subjectIds[i % seeded.subjectIds.length]!;
      const started = performance.now();
      await client.query(
        `insert into classroom_answers (activity_id, subject_id, user_id, score, is_correct)
         values ($1, $2, $3, $4, $5) on conflict (subject_id, user_id) do update set score = excluded.score`,
        [seeded.classroomId, subject, student, i % 3 === 0 ? 0 : 1, i % 3 !== 0],
      );
      updates.push(performance.now() - started);
    }
  } finally {
    await client.end();
  }
  return {
    summary: { ...summary, nodes: (summary.last as { nodes?: unknown[] }).nodes?.length ?? 0 },
    overview: { ...overview, students: (overview.last as { student_count?: number }).student_count ?? 0 },
    update: { samples: updates.length, p50: percentile(updates, 50), p95: percentile(updates, 95) },
  };
}

export function reportKnowledgeBench(result: KnowledgeBenchResult): boolean {
  const line = (name: string, t: Timing, extra: string) => {
    const ok = t.serverP50 < KNOWLEDGE_READ_TARGET_MS;
    console.log(
      `  ${name}: ${t.samples} sequential calls (${extra}): at the client median ${t.p50.toFixed(1)} ms, ` +
        `p95 ${t.p95.toFixed(1)} ms; server time median ${t.serverP50.toFixed(1)} ms, p95 ${t.serverP95.toFixed(1)} ms ` +
        `(target: median < ${KNOWLEDGE_READ_TARGET_MS} ms) ${ok ? 'OK' : 'MISSED'}`,
    );
    return ok;
  };
  const summaryOk = line('course summary', result.summary, `${result.summary.nodes} nodes`);
  const overviewOk = line('node overview', result.overview, `${result.overview.students} students`);
  const updateOk = result.update.p50 < KNOWLEDGE_UPDATE_TARGET_MS;
  console.log(
    `  mastery update on a new graded answer: ${result.update.samples} answers, statement with its trigger ` +
      `median ${result.update.p50.toFixed(1)} ms, p95 ${result.update.p95.toFixed(1)} ms ` +
      `(target: median < ${KNOWLEDGE_UPDATE_TARGET_MS} ms) ${updateOk ? 'OK' : 'MISSED'}`,
  );
  return summaryOk && overviewOk && updateOk && result.summary.nodes > 0;
}
