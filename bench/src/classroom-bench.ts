// The classroom benches (issue 13), on the same 1,000 students of the bench course:
// - push fan-out: every student has the push stream open; the instructor starts a roll call and the clock
//   runs until the last student's stream has delivered `rollcall.started`. Repeated a few times.
// - roll-call storm: the instructor starts a number roll call and every student answers the code, with a
//   bounded number in flight; afterwards the stored check-ins are counted.
// Both also run against the bare ceiling (bare-ceiling.ts), which does the least such a feature needs.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';
import { insertStudentsWithSessions, type StudentSession } from './student-sessions.ts';
import { positiveInt } from './env-settings.ts';
import { pool } from './pool.ts';

export const PUSH_FANOUT_NAME = 'push fan-out (1,000 connected students)';
export const ROLLCALL_STORM_NAME = 'roll-call storm (1,000 students, number code)';

export const CLASSROOM_TARGETS = {
  /** Time from the release until the last client has it, p95 over releases. */
  pushP95Ms: 1000,
  /** The whole class answers within this. */
  stormSeconds: 10,
} as const;

export type ClassroomSettings = {
  students: number;
  /** Answers in flight at once in the storm. */
  concurrency: number;
  /** How many roll calls the push fan-out releases (and times) one after another. */
  releases: number;
};

/** BENCH_CLASS_STUDENTS / BENCH_CLASS_CONCURRENCY / BENCH_PUSH_RELEASES override for a quick look. */
export function classroomSettings(): ClassroomSettings {
  return {
    students: positiveInt('BENCH_CLASS_STUDENTS', 1000),
    concurrency: positiveInt('BENCH_CLASS_CONCURRENCY', 100),
    releases: positiveInt('BENCH_PUSH_RELEASES', 5),
  };
}

export async function seedClassroom(
  databaseUrl: string,
  data: BenchData,
  sessionSecret: string,
  settings: ClassroomSettings,
): Promise<StudentSession[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const students = await insertStudentsWithSessions(
      client,
      data,
      sessionSecret,
      settings.students,
      'class',
    );
    await client.query('commit');
    await client.query('analyze');
    return students;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** An open number roll call of the bench course, as the instructor starts it; returns its id and code. */
async function startNumberRollcall(
  server: RunningProcess,
  courseId: number,
  instructorCookie: string,
  title: string,
): Promise<{ id: number; code: string }> {
  const created = (await call(server.baseUrl, 'POST', `/api/course/${courseId}/rollcall`, instructorCookie, {
    title,
    type: 'number',
    duration: 600,
  })) as { rollcall_id: number };
  const started = (await call(
    server.baseUrl,
    'POST',
    `/api/rollcall/${created.rollcall_id}/start-rollcall`,
    instructorCookie,
    {},
  )) as { number_code: string | null };
  if (!started.number_code) throw new Error('a started number roll call showed no code to its instructor');
  return { id: created.rollcall_id, code: started.number_code };
}

// ---------------------------------------------------------------------------------------------------------
// Push fan-out

type Stream = { close(): void; waitFor(match: (data: string) => boolean): Promise<number> };

/** Opens one event stream and resolves once the server has written its first line (it is subscribed). */
async function openStream(url: string, cookie: string | null): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: cookie ? { cookie, accept: 'text/event-stream' } : { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`push stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // A holder, so the reading loop sees what waitFor sets later.
  const pending: { waiter: { match: (data: string) => boolean; resolve: (at: number) => void } | null } = {
    waiter: null,
  };
  const first = await reader.read();
  buffer += first.value ?? '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          const waiter = pending.waiter;
          if (data && waiter?.match(data)) {
            pending.waiter = null;
            waiter.resolve(at);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    close: () => controller.abort(),
    waitFor: (match) =>
      new Promise<number>((resolve) => {
        pending.waiter = { match, resolve };
      }),
  };
}

async function openAll(
  url: string,
  cookies: readonly (string | null)[],
  concurrency: number,
): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next]!;
      next += 1;
      streams.push(await openStream(url, cookie));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return streams;
}

type FanoutSide = { lastMs: number[]; p95Ms: number[]; missed: number };

const DELIVERY_TIMEOUT_MS = 10_000;

/** Times one release: from just before `release()` is called until every stream has matched. */
async function timeRelease(
  streams: readonly Stream[],
  match: (data: string) => boolean,
  release: () => Promise<void>,
  side: FanoutSide,
): Promise<void> {
  const arrivals = streams.map((s) => s.waitFor(match));
  const started = performance.now();
  await release();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), DELIVERY_TIMEOUT_MS));
  const delays = await Promise.all(
    arrivals.map((arrival) =>
      Promise.race([arrival, timeout]).then((at) => (at === null ? null : at - started)),
    ),
  );
  const received = delays.filter((d): d is number => d !== null);
  side.missed += delays.length - received.length;
  side.lastMs.push(Math.max(0, ...received));
  side.p95Ms.push(percentile(received, 95));
}

export type FanoutOutcome = { settings: ClassroomSettings; ours: FanoutSide; bare: FanoutSide };

export async function runPushFanout(
  ours: RunningProcess,
  bare: RunningProcess,
  data: BenchData,
  instructorCookie: string,
  students: readonly StudentSession[],
  settings: ClassroomSettings,
): Promise<FanoutOutcome> {
  const result: FanoutOutcome = {
    settings,
    ours: { lastMs: [], p95Ms: [], missed: 0 },
    bare: { lastMs: [], p95Ms: [], missed: 0 },
  };
  console.log(`  opening ${students.length} push streams on ours`);
  const oursStreams = await openAll(
    `${ours.baseUrl}/api/push/stream`,
    students.map((s) => s.cookie),
    50,
  );
  try {
    // One release unmeasured first: the first roll call of the course warms its queries.
    for (let release = 0; release <= settings.releases; release += 1) {
      let id = 0;
      const side = release === 0 ? { lastMs: [], p95Ms: [], missed: 0 } : result.ours;
      await timeRelease(
        oursStreams,
        (frame) => frame.includes('"rollcall.started"') && frame.includes(`"rollcall_id":${id}`),
        async () => {
          const created = (await call(
            ours.baseUrl,
            'POST',
            `/api/course/${data.courseId}/rollcall`,
            instructorCookie,
            {
              title: `Push ${release}`,
              type: 'number',
              duration: 600,
            },
          )) as { rollcall_id: number };
          id = created.rollcall_id;
          await call(ours.baseUrl, 'POST', `/api/rollcall/${id}/start-rollcall`, instructorCookie, {});
        },
        side,
      );
      await call(ours.baseUrl, 'PUT', `/api/rollcall/${id}/stop_qr_rollcall`, instructorCookie, {});
    }
  } finally {
    for (const stream of oursStreams) stream.close();
  }

  console.log(`  opening ${students.length} push streams on bare`);
  const bareStreams = await openAll(
    `${bare.baseUrl}/push/stream`,
    students.map(() => null),
    50,
  );
  try {
    for (let release = 0; release <= settings.releases; release += 1) {
      const side = release === 0 ? { lastMs: [], p95Ms: [], missed: 0 } : result.bare;
      const marker = `release-${release}`;
      await timeRelease(
        bareStreams,
        (frame) => frame.includes(marker),
        async () => {
          await call(bare.baseUrl, 'POST', '/push/publish', null, { data: { marker } });
        },
        side,
      );
    }
  } finally {
    for (const stream of bareStreams) stream.close();
  }
  return result;
}

export function reportPushFanout(outcome: FanoutOutcome): boolean {
  const { ours, bare, settings } = outcome;
  const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `  ours: last client per release (ms): ${fmt(ours.lastMs)}; p95 client per release: ${fmt(ours.p95Ms)}`,
  );
  console.log(
    `  bare: last client per release (ms): ${fmt(bare.lastMs)}; p95 client per release: ${fmt(bare.p95Ms)}`,
  );
  const oursP95 = percentile(ours.lastMs, 95);
  const bareP95 = percentile(bare.lastMs, 95);
  const met = ours.missed === 0 && oursP95 < CLASSROOM_TARGETS.pushP95Ms;
  console.log(
    `${PUSH_FANOUT_NAME}: ${settings.releases} releases to ${settings.students} streams; time until the last ` +
      `client has it, p95 over releases: ours ${oursP95.toFixed(0)} ms, bare ${bareP95.toFixed(0)} ms ` +
      `(target < ${CLASSROOM_TARGETS.pushP95Ms} ms); missed deliveries ${ours.missed} (target 0) ` +
      `=> ${met ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
  );
  return met;
}

// ---------------------------------------------------------------------------------------------------------
// Roll-call storm

type StormSide = { latencies: number[]; errors: number; firstErrors: string[]; seconds: number };

async function timedAnswer(
  side: StormSide,
  url: string,
  init: RequestInit,
  expect: (body: string) => boolean,
) {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    side.latencies.push(performance.now() - started);
    if (!response.ok || !expect(text)) {
      side.errors += 1;
      if (side.firstErrors.length < 5) side.firstErrors.push(`${response.status} ${text.slice(0, 200)}`);
    }
  } catch (error) {
    side.latencies.push(performance.now() - started);
    side.errors += 1;
    if (side.firstErrors.length < 5) side.firstErrors.push((error as Error).message);
  }
}

export type RollcallStormOutcome = {
  settings: ClassroomSettings;
  ours: StormSide;
  bare: StormSide;
  /** Students the database holds as checked in on time afterwards. */
  stored: number;
};

export async function runRollcallStorm(
  ours: RunningProcess,
  bare: RunningProcess,
  databaseUrl: string,
  data: BenchData,
  instructorCookie: string,
  students: readonly StudentSession[],
  settings: ClassroomSettings,
): Promise<RollcallStormOutcome> {
  const empty = (): StormSide => ({ latencies: [], errors: 0, firstErrors: [], seconds: 0 });
  const oursAnswer = (rollcall: { id: number; code: string }, side: StormSide) => (s: StudentSession) =>
    timedAnswer(
      side,
      `${ours.baseUrl}/api/rollcall/${rollcall.id}/answer_number_rollcall`,
      {
        method: 'PUT',
        headers: { cookie: s.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: `bench-device-${s.userId}`, numberCode: rollcall.code }),
      },
      (body) => body.includes('on_call_fine'),
    );
  const bareAnswer = (rollcallId: number, side: StormSide) => (s: StudentSession) =>
    timedAnswer(
      side,
      `${bare.baseUrl}/rollcall-storm/${rollcallId}/answer`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: s.userId, deviceId: `bench-device-${s.userId}`, numberCode: '1234' }),
      },
      (body) => body.includes('on_call_fine'),
    );

  // A first roll call answered by a tenth of the class warms both servers up and is not counted.
  const warmStudents = students.slice(0, Math.ceil(students.length / 10));
  const warm = await startNumberRollcall(ours, data.courseId, instructorCookie, 'Warm-up');
  await pool(warmStudents, settings.concurrency, oursAnswer(warm, empty()));
  await pool(warmStudents, settings.concurrency, bareAnswer(-1, empty()));

  const rollcall = await startNumberRollcall(ours, data.courseId, instructorCookie, 'Storm');
  console.log(
    `  ${students.length} students answer roll call ${rollcall.id}, ${settings.concurrency} in flight`,
  );
  const oursSide = empty();
  oursSide.seconds = await pool(students, settings.concurrency, oursAnswer(rollcall, oursSide));
  const bareSide = empty();
  bareSide.seconds = await pool(students, settings.concurrency, bareAnswer(rollcall.id, bareSide));

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counted = await client.query<{ stored: number }>(
      `select count(*)::int as stored from rollcall_answers
       where rollcall_id = $1 and status = 'on_call_fine' and user_id = any($2::int[])`,
      [rollcall.id, students.map((s) => s.userId)],
    );
    return { settings, ours: oursSide, bare: bareSide, stored: counted.rows[0]!.stored };
  } finally {
    await client.end();
  }
}

export function reportRollcallStorm(outcome: RollcallStormOutcome): boolean {
  const { ours, bare, settings } = outcome;
  const line = (name: string, side: StormSide) =>
    `  ${name}: ${side.seconds.toFixed(2)} s, ${(settings.students / Math.max(side.seconds, 1e-9)).toFixed(0)} answers/s, ` +
    `p50 ${percentile(side.latencies, 50).toFixed(1)} ms, p95 ${percentile(side.latencies, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(side.latencies, 99).toFixed(1)} ms, errors ${side.errors}`;
  console.log(line('ours', ours));
  console.log(line('bare', bare));
  for (const message of [
    ...ours.firstErrors.map((m) => `ours ${m}`),
    ...bare.firstErrors.map((m) => `bare ${m}`),
  ]) {
    console.log(`  !!! ${message}`);
  }
  const inTime = ours.seconds <= CLASSROOM_TARGETS.stormSeconds;
  const met = ours.errors === 0 && outcome.stored === settings.students && inTime;
  console.log(
    `${ROLLCALL_STORM_NAME}: errors ${ours.errors} (target 0), stored check-ins ${outcome.stored} of ` +
      `${settings.students}, whole class in ${ours.seconds.toFixed(2)} s (target <= ${CLASSROOM_TARGETS.stormSeconds} s), ` +
      `p95 ${percentile(ours.latencies, 95).toFixed(1)} ms beside bare ${percentile(bare.latencies, 95).toFixed(1)} ms ` +
      `=> ${met ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
  );
  return met;
}
