// Answer statistics of one question with 5,000 answers (issue 13): a course of 5,000 students who all
// handed in a one-question exam, and the instructor's `GET /api/exams/{id}/subjects/{subjectId}/statistics`
// timed one request at a time (a modal opening, not a crowd). Each call is paired with one to the bare
// ceiling's empty `/health`, the same HTTP round trip with nothing to compute, so the server's own time is
// the difference (what the client alone measures also holds the loopback, the client's parsing and, on a
// loaded machine, its wait for a core). Target: median server time under 50 ms; p95 printed beside it.
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';
import { insertBenchCourse, seedInTransaction } from './bench-course-seed.ts';
import { positiveInt } from './env-settings.ts';
import { getJson, timePairedCalls, type PairedTiming } from './paired-timing.ts';

export const STATISTICS_BENCH_NAME = 'question statistics (5,000 answers)';

export const STATISTICS_TARGET_MS = 50;

export type StatisticsBenchData = { examId: number; subjectId: number; optionIds: number[]; answers: number };

/** BENCH_STATS_ANSWERS overrides the 5,000 answers for a quick look. */
export async function seedStatisticsBench(
  databaseUrl: string,
  data: BenchData,
): Promise<StatisticsBenchData> {
  const answers = positiveInt('BENCH_STATS_ANSWERS', 5000);
  return seedInTransaction(databaseUrl, async (client, one) => {
    const { courseId, moduleId } = await insertBenchCourse(client, data, {
      name: 'Statistics 5000',
      code: 'STATS5000',
    });
    const examId = await one(
      `insert into activities (course_id, module_id, type, title, data, start_time, end_time, published,
                               completion_criterion_key, sort, created_by)
       values ($1, $2, 'exam', 'Statistics exam', $3, now() - interval '2 hours', now() - interval '1 hour',
               true, 'submitted', 1, $4) returning id`,
      [courseId, moduleId, JSON.stringify({ total_points: 100, has_make_up_user: false }), data.userId],
    );
    const subjectId = await one(
      `insert into subjects (activity_id, type, description, point, sort, created_by)
       values ($1, 'single_selection', '<p>Which data structure is last in, first out?</p>', 5, 1, $2)
       returning id`,
      [examId, data.userId],
    );
    const optionIds: number[] = [];
    for (const [sort, content] of ['Stack', 'Queue', 'Heap', 'Tree', 'Graph'].entries()) {
      optionIds.push(
        await one(
          `insert into subject_options (subject_id, sort, content, is_answer) values ($1, $2, $3, $4) returning id`,
          [subjectId, sort, `<p>${content}</p>`, sort === 0],
        ),
      );
    }
    const users = await client.query<{ id: number }>(
      `insert into users (org_id, user_no, name, email, org_role, password_hash)
       select $1, 'stats-' || n, 'Stats student ' || n, 'stats' || n || '@example.edu', 'member', 'not-a-login'
       from generate_series(1, $2::int) as n
       returning id`,
      [data.orgId, answers],
    );
    const userIds = users.rows.map((r) => r.id);
    await client.query(
      `insert into course_members (course_id, user_id, roles)
       select $1, id, array['student'] from unnest($2::int[]) as id`,
      [courseId, userIds],
    );
    const layout = JSON.stringify([{ subject_id: subjectId, option_ids: optionIds, sub: [] }]);
    await client.query(
      `insert into exam_paper_instances (activity_id, user_id, layout)
       select $1, id, $2::jsonb from unnest($3::int[]) as id`,
      [examId, layout, userIds],
    );
    // Every student answered; the choice cycles through the options, so 1 in 5 is right.
    await client.query(
      `insert into exam_submissions (activity_id, instance_id, examinee_id, status, submission_data, score_data,
                                     score, auto_score, mark_status, submitted_at)
       select $1, i.id, i.user_id, 'submitted',
              jsonb_build_array(jsonb_build_object('subject_id', $2::int, 'parent_id', null,
                'answer_option_ids', jsonb_build_array(($3::int[])[1 + i.user_id % 5]), 'answer', null,
                'answers', '[]'::jsonb)),
              jsonb_build_array(jsonb_build_object('subject_id', $2::int, 'parent_id', null,
                'score', case when i.user_id % 5 = 0 then 5 else 0 end, 'auto', true,
                'correct', i.user_id % 5 = 0)),
              case when i.user_id % 5 = 0 then 5 else 0 end, case when i.user_id % 5 = 0 then 5 else 0 end,
              'marked', now() - interval '90 minutes'
       from exam_paper_instances i where i.activity_id = $1`,
      [examId, subjectId, optionIds],
    );
    return { examId, subjectId, optionIds, answers };
  });
}

export type StatisticsBenchResult = PairedTiming & { students: number };

/** Times the statistics call as the modal makes it: first page, then an option tab with a keyword. */
export async function runStatisticsBench(
  server: RunningProcess,
  bare: RunningProcess,
  cookie: string,
  seeded: StatisticsBenchData,
): Promise<StatisticsBenchResult> {
  const base = `${server.baseUrl}/api/exams/${seeded.examId}/subjects/${seeded.subjectId}/statistics`;
  const urls = [
    `${base}?page=1&page_size=10`,
    `${base}?option_id=${seeded.optionIds[1]}&page=3&page_size=10`,
    `${base}?keyword=student%2042&page=1&page_size=10`,
  ];
  const { last, ...timing } = await timePairedCalls(
    bare,
    async (i) =>
      (await getJson(urls[i % urls.length]!, cookie, 'statistics')) as {
        summary?: { studentsCount: number };
      },
    { warmup: 20, rounds: positiveInt('BENCH_STATS_SAMPLES', 150) },
  );
  return { ...timing, students: last?.summary?.studentsCount ?? 0 };
}

export function reportStatisticsBench(result: StatisticsBenchResult, answers: number): boolean {
  const ok = result.serverP50 < STATISTICS_TARGET_MS && result.students === answers;
  console.log(
    `  ${result.samples} sequential calls over ${result.students} students: at the client median ` +
      `${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; bare round trip median ${result.floorP50.toFixed(1)} ms; ` +
      `server time median ${result.serverP50.toFixed(1)} ms, p95 ${result.serverP95.toFixed(1)} ms ` +
      `(target: median < ${STATISTICS_TARGET_MS} ms) ${ok ? 'OK' : 'MISSED'}`,
  );
  return ok;
}
