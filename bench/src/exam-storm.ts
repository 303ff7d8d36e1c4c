// The exam storm: 2,000 students each open a 20-question exam (distribute), save two drafts and hand it
// in, as fast as the server allows with a bounded number of students in flight, on real PostgreSQL. The
// same flow runs against the bare ceiling (one query per call, no auth or validation), and afterwards the
// stored final submissions are counted: every hand-in acknowledged must be there with all its answers.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';
import { insertStudentsWithSessions, type StudentSession } from './student-sessions.ts';
import { positiveInt } from './env-settings.ts';
import { pool } from './pool.ts';

export const EXAM_STORM_NAME = 'exam storm (2,000 students, 20 questions)';

export type StormSettings = {
  students: number;
  /** Students in flight at once (each runs its four calls one after another). */
  concurrency: number;
  /** Students whose runs warm both servers up first and are not counted. */
  warmupStudents: number;
};

/** BENCH_STORM_STUDENTS / BENCH_STORM_CONCURRENCY override the defaults for a quick look while developing. */
export function stormSettings(): StormSettings {
  return {
    students: positiveInt('BENCH_STORM_STUDENTS', 2000),
    concurrency: positiveInt('BENCH_STORM_CONCURRENCY', 64),
    warmupStudents: positiveInt('BENCH_STORM_WARMUP', 100),
  };
}

export const STORM_TARGETS = { maxP95Ms: 500 } as const;

export type StormData = {
  examId: number;
  warmup: StudentSession[];
  students: StudentSession[];
};

/**
 * The paper: 5 single choice, 5 multiple choice, 4 true/false, 4 fill-in-the-blank (two blanks each) and
 * 2 short answers, 100 points.
 */
const PAPER: { type: string; point: number; options: number; blanks: number }[] = [
  ...Array.from({ length: 5 }, () => ({ type: 'single_selection', point: 5, options: 4, blanks: 0 })),
  ...Array.from({ length: 5 }, () => ({ type: 'multiple_selection', point: 6, options: 4, blanks: 0 })),
  ...Array.from({ length: 4 }, () => ({ type: 'true_or_false', point: 3, options: 2, blanks: 0 })),
  ...Array.from({ length: 4 }, () => ({ type: 'fill_in_blank', point: 5, options: 0, blanks: 2 })),
  ...Array.from({ length: 2 }, () => ({ type: 'short_answer', point: 6.5, options: 0, blanks: 0 })),
];

/**
 * Writes the exam, its questions, the students and their sessions with plain SQL (sessions straight into
 * the table, as the server would after a login: hashing 2,000 passwords would measure argon2, not exams).
 */
export async function seedExamStorm(
  databaseUrl: string,
  data: BenchData,
  sessionSecret: string,
  settings: StormSettings,
): Promise<StormData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const examData = {
      total_points: 100,
      submit_times: 1,
      score_rule: 'highest',
      announce_answer_type: 'after_submit',
      announce_score_type: 'after_submit',
      random_subject_order: true,
      random_option_order: true,
      display_mode: 'all',
      has_make_up_user: false,
    };
    const exam = await client.query<{ id: number }>(
      `insert into activities (course_id, module_id, type, title, data, start_time, end_time, published,
                               completion_criterion_key, sort, created_by)
       values ($1, $2, 'exam', 'Storm exam', $3, now() - interval '1 hour', now() + interval '3 hours', true,
               'submitted', 1000, $4) returning id`,
      [data.courseId, data.moduleId, JSON.stringify(examData), data.userId],
    );
    const examId = exam.rows[0]!.id;
    for (const [index, q] of PAPER.entries()) {
      const blanks = Array.from({ length: q.blanks }, (_, sort) => ({ sort, answers: [`word${sort}`] }));
      const subject = await client.query<{ id: number }>(
        `insert into subjects (activity_id, type, description, point, sort, blanks, answer, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          examId,
          q.type,
          `<p>Question ${index + 1}: ${'a fairly ordinary question text '.repeat(4)}</p>`,
          q.point,
          index + 1,
          JSON.stringify(blanks),
          q.type === 'short_answer' ? '<p>Reference answer</p>' : null,
          data.userId,
        ],
      );
      const subjectId = subject.rows[0]!.id;
      for (let sort = 0; sort < q.options; sort += 1) {
        await client.query(
          `insert into subject_options (subject_id, sort, content, is_answer) values ($1, $2, $3, $4)`,
          [
            subjectId,
            sort,
            `<p>Option ${sort + 1}</p>`,
            sort === 0 || (q.type === 'multiple_selection' && sort === 2),
          ],
        );
      }
    }
    const total = settings.students + settings.warmupStudents;
    const sessions = await insertStudentsWithSessions(client, data, sessionSecret, total, 'storm');
    await client.query('commit');
    await client.query('analyze');
    return {
      examId,
      warmup: sessions.slice(0, settings.warmupStudents),
      students: sessions.slice(settings.warmupStudents),
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

type PaperQuestion = {
  id: number;
  type: string;
  options: { id: number }[];
  blank_count?: number;
  sub_subjects?: PaperQuestion[];
};

/** A student's answers: the first option (and the third for multiple choice), a word per blank, a text. */
function answersFor(paper: readonly PaperQuestion[], share: number) {
  const answered = paper.slice(0, Math.ceil(paper.length * share));
  return answered.map((q) => ({
    subject_id: q.id,
    answer_option_ids: q.options
      .slice(0, q.type === 'multiple_selection' ? 2 : q.options.length > 0 ? 1 : 0)
      .map((o) => o.id),
    answer: q.type === 'short_answer' ? '<p>An answer written in a hurry during the storm.</p>' : null,
    answers: Array.from({ length: q.blank_count ?? 0 }, (_, sort) => ({ sort, content: `word${sort}` })),
  }));
}

const CALLS = ['distribute', 'draft 1', 'draft 2', 'submit'] as const;
type Call = (typeof CALLS)[number];

type SideResult = {
  latencies: Record<Call, number[]>;
  errors: Record<Call, number>;
  firstErrors: string[];
  seconds: number;
  /** Final submissions the server acknowledged (ours) or wrote (bare). */
  acknowledged: number;
};

function emptyResult(): SideResult {
  return {
    latencies: { distribute: [], 'draft 1': [], 'draft 2': [], submit: [] },
    errors: { distribute: 0, 'draft 1': 0, 'draft 2': 0, submit: 0 },
    firstErrors: [],
    seconds: 0,
    acknowledged: 0,
  };
}

/** One timed call; the body is read in full before the clock stops, as a browser would. */
async function timed(
  result: SideResult,
  call: Call,
  url: string,
  init: RequestInit,
): Promise<{ ok: boolean; body: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    result.latencies[call].push(performance.now() - started);
    if (!response.ok) {
      result.errors[call] += 1;
      if (result.firstErrors.length < 5)
        result.firstErrors.push(`${call}: ${response.status} ${text.slice(0, 200)}`);
      return { ok: false, body: null };
    }
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    result.latencies[call].push(performance.now() - started);
    result.errors[call] += 1;
    if (result.firstErrors.length < 5) result.firstErrors.push(`${call}: ${(error as Error).message}`);
    return { ok: false, body: null };
  }
}

async function oursFlow(
  baseUrl: string,
  examId: number,
  student: StudentSession,
  result: SideResult,
): Promise<void> {
  const headers = { cookie: student.cookie };
  const writeHeaders = { ...headers, 'content-type': 'application/json' };
  const paper = await timed(result, 'distribute', `${baseUrl}/api/exams/${examId}/distribute`, { headers });
  if (!paper.ok) return;
  const { exam_paper_instance_id: instanceId, subjects } = paper.body as {
    exam_paper_instance_id: number;
    subjects: PaperQuestion[];
  };
  const send = (call: Call, share: number, finished: boolean) =>
    timed(result, call, `${baseUrl}/api/exams/${examId}/submissions`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({
        exam_paper_instance_id: instanceId,
        exam_finished: finished,
        subjects: answersFor(subjects, share),
      }),
    });
  if (!(await send('draft 1', 0.4, false)).ok) return;
  if (!(await send('draft 2', 0.8, false)).ok) return;
  const final = await send('submit', 1, true);
  if (final.ok && (final.body as { status?: string }).status === 'submitted') result.acknowledged += 1;
}

async function bareFlow(
  baseUrl: string,
  examId: number,
  student: StudentSession,
  result: SideResult,
): Promise<void> {
  const paper = await timed(result, 'distribute', `${baseUrl}/exam-storm/${examId}/paper`, {});
  if (!paper.ok) return;
  const { subjects } = paper.body as { subjects: PaperQuestion[] };
  const send = (call: Call, share: number, finished: boolean) =>
    timed(result, call, `${baseUrl}/exam-storm/${examId}/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: student.userId, finished, subjects: answersFor(subjects, share) }),
    });
  if (!(await send('draft 1', 0.4, false)).ok) return;
  if (!(await send('draft 2', 0.8, false)).ok) return;
  if ((await send('submit', 1, true)).ok) result.acknowledged += 1;
}

export type StormOutcome = {
  settings: StormSettings;
  ours: SideResult;
  bare: SideResult;
  /** Final submissions found in the database afterwards, and those with every answer sent. */
  stored: number;
  complete: number;
};

export async function runExamStorm(
  ours: RunningProcess,
  bare: RunningProcess,
  databaseUrl: string,
  data: StormData,
  settings: StormSettings,
): Promise<StormOutcome> {
  console.log(
    `  warming up with ${data.warmup.length} students on each side, then ${data.students.length} students, ${settings.concurrency} in flight`,
  );
  const warm = emptyResult();
  await pool(data.warmup, settings.concurrency, (s) => oursFlow(ours.baseUrl, data.examId, s, warm));
  await pool(data.warmup, settings.concurrency, (s) => bareFlow(bare.baseUrl, data.examId, s, emptyResult()));

  const oursResult = emptyResult();
  console.log('  storming ours');
  oursResult.seconds = await pool(data.students, settings.concurrency, (s) =>
    oursFlow(ours.baseUrl, data.examId, s, oursResult),
  );
  const bareResult = emptyResult();
  console.log('  storming bare');
  bareResult.seconds = await pool(data.students, settings.concurrency, (s) =>
    bareFlow(bare.baseUrl, data.examId, s, bareResult),
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counted = await client.query<{ stored: number; complete: number }>(
      `select count(*)::int as stored,
              count(*) filter (where jsonb_array_length(submission_data) = $3)::int as complete
       from exam_submissions
       where activity_id = $1 and status = 'submitted' and examinee_id = any($2::int[])`,
      [data.examId, data.students.map((s) => s.userId), PAPER.length],
    );
    return { settings, ours: oursResult, bare: bareResult, ...counted.rows[0]! };
  } finally {
    await client.end();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Prints the figures; true when the targets are met (zero errors, nothing lost, p95 under 500 ms). */
export function reportExamStorm(outcome: StormOutcome): boolean {
  const { ours, bare, settings } = outcome;
  const header = ['call', 'side', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
  const rows: string[][] = [];
  let worstP95 = 0;
  for (const call of CALLS) {
    for (const [side, result] of [
      ['ours', ours],
      ['bare', bare],
    ] as const) {
      const sorted = [...result.latencies[call]].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      if (side === 'ours') worstP95 = Math.max(worstP95, p95);
      rows.push([
        side === 'ours' ? call : '',
        side,
        String(sorted.length),
        percentile(sorted, 50).toFixed(1),
        p95.toFixed(1),
        percentile(sorted, 99).toFixed(1),
        String(result.errors[call]),
      ]);
    }
  }
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));

  const flows = (r: SideResult) => (r.seconds > 0 ? settings.students / r.seconds : 0);
  const requests = (r: SideResult) =>
    r.seconds > 0 ? CALLS.reduce((n, call) => n + r.latencies[call].length, 0) / r.seconds : 0;
  const ratio = flows(bare) > 0 ? flows(ours) / flows(bare) : 0;
  const errors = CALLS.reduce((n, call) => n + ours.errors[call], 0);
  console.log(
    `\nours: ${ours.seconds.toFixed(1)} s, ${flows(ours).toFixed(0)} students/s, ${requests(ours).toFixed(0)} req/s; ` +
      `bare: ${bare.seconds.toFixed(1)} s, ${flows(bare).toFixed(0)} students/s, ${requests(bare).toFixed(0)} req/s; ` +
      `ours/bare = ${(ratio * 100).toFixed(0)}%`,
  );
  console.log(
    `hand-ins acknowledged ${ours.acknowledged} of ${settings.students}; stored final submissions ${outcome.stored}, ` +
      `with every answer ${outcome.complete}`,
  );
  for (const message of [
    ...ours.firstErrors.map((m) => `ours ${m}`),
    ...bare.firstErrors.map((m) => `bare ${m}`),
  ]) {
    console.log(`  !!! ${message}`);
  }
  const lost = outcome.stored !== settings.students || outcome.complete !== settings.students;
  const p95Met = worstP95 < STORM_TARGETS.maxP95Ms;
  const met = errors === 0 && !lost && p95Met;
  console.log(
    `${EXAM_STORM_NAME}: errors ${errors} (target 0), lost answers ${lost ? 'YES' : 'none'} (target none), ` +
      `worst p95 ${worstP95.toFixed(1)} ms (target < ${STORM_TARGETS.maxP95Ms} ms: ${p95Met ? 'met' : 'MISSED'}) ` +
      `=> ${met ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
  );
  return met;
}
