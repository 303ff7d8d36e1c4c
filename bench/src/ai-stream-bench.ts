// AI streaming overhead (issue 15, "Performance"): the streaming grading route of a built Lectern server
// against the local chat-completions test double it talks to, on the bench database.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../../apps/server/src/modules/ai/chat-completions.fake.ts';
import { freePort, startNodeServer, type RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';

export const AI_STREAM_BENCH_NAME = 'ai stream: first token through Lectern, 100 concurrent streams';

const TARGET_ADDED_MS = 20;
const TARGET_LAG_P99_MS = 50;
const SAMPLES = 40;
const WARMUP = 5;
const CONCURRENT = 100;

const SUGGESTION = {
  totalScore: 8,
  scoreJustification: [
    { criterion: 'Argument', points_awarded: 8, explanation: 'A clear thesis, well argued' },
  ],
  strengths: ['Well organised', 'Sources cited'],
  areasForImprovement: ['A stronger conclusion'],
};

/**
 * Loaded into the server process with `--import`, so production code exposes nothing: it samples the
 * server's event-loop delay and, on SIGUSR2, writes the figures since the last signal to LECTERN_LOOP_LAG_FILE.
 */
const LOOP_LAG_PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  writeFileSync(process.env.LECTERN_LOOP_LAG_FILE, JSON.stringify({
    p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6,
  }));
  histogram.reset();
});`;

type LoopLag = { p50: number; p99: number; max: number };

export type AiStreamBenchOptions = {
  databaseUrl: string;
  dataDir: string;
  data: BenchData;
  /** A session cookie of the bench instructor (data.userId). */
  cookie: string;
  /** How run.ts starts the Lectern server; this bench starts one more with the AI settings. */
  server: { name: string; args: string[]; healthPath: string; env: Record<string, string> };
};

type Seeded = { homeworkId: number; submissionId: number };

/**
 * A homework with a description and a rubric, one student's hand-in with a readable text file (written
 * where the server's local storage reads it), and credits for the instructor for every call the bench makes.
 */
async function seed(options: AiStreamBenchOptions): Promise<Seeded> {
  const { data } = options;
  const storageKey = 'bench/ai-essay.txt';
  const essay = 'Rivers shape the land they cross. '.repeat(60);
  const file = path.join(options.dataDir, 'uploads', ...storageKey.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, essay);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const one = async (text: string, values: unknown[]) => {
    const result = await client.query<{ id: number }>(text, values);
    return result.rows[0]!.id;
  };
  try {
    await client.query('begin');
    await client.query(
      `insert into ai_credit_accounts (org_id, user_id, assigned) values ($1, $2, 100000000)
       on conflict do nothing`,
      [data.orgId, data.userId],
    );
    const rubricId = await one(
      `insert into rubrics (org_id, name, conditions, created_by) values ($1, 'Essay', $2, $3) returning id`,
      [
        data.orgId,
        JSON.stringify([
          { name: 'Argument', description: 'A clear thesis', levels: [{ score: 10, description: 'Clear' }] },
        ]),
        data.userId,
      ],
    );
    const homeworkId = await one(
      `insert into activities (course_id, module_id, type, title, data, start_time, end_time, published,
                               completion_criterion_key, sort, created_by)
       values ($1, $2, 'homework', 'AI bench homework', $3, now() - interval '7 days', now() + interval '7 days',
               true, 'submitted', 30000, $4)
       returning id`,
      [
        data.courseId,
        data.moduleId,
        JSON.stringify({ description: '<p>Write about rivers</p>', rubric_id: rubricId }),
        data.userId,
      ],
    );
    const studentId = await one(
      `insert into users (org_id, user_no, name, org_role, password_hash)
       values ($1, 'bench-ai-student', 'Bench AI Student', 'member', 'not-a-hash') returning id`,
      [data.orgId],
    );
    await client.query(
      `insert into course_members (course_id, user_id, roles) values ($1, $2, '{student}')`,
      [data.courseId, studentId],
    );
    await client.query(
      `insert into homework_submitters (activity_id, user_id, status, last_version) values ($1, $2, 1, 1)`,
      [homeworkId, studentId],
    );
    const submissionId = await one(
      `insert into homework_submissions (activity_id, user_id, version, comment, status, submitted_at, submitted_by)
       values ($1, $2, 1, '<p>My essay</p>', 1, now(), $2) returning id`,
      [homeworkId, studentId],
    );
    const uploadId = await one(
      `insert into uploads (org_id, created_by, name, size, mime_type, type, status, storage_key)
       values ($1, $2, 'essay.txt', $3, 'text/plain', 'document', 'ready', $4) returning id`,
      [data.orgId, studentId, Buffer.byteLength(essay), storageKey],
    );
    await client.query(
      `insert into upload_references (upload_id, parent_type, parent_id, name, sort, created_by)
       values ($1, 'homework_submission', $2, 'essay.txt', 0, $3)`,
      [uploadId, submissionId, studentId],
    );
    await client.query('commit');
    return { homeworkId, submissionId };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Milliseconds from sending the request to the first model text in the body, then the rest read to the end.
 * `firstText` tells a chunk carrying model text from the stream's preamble (headers, the empty role delta).
 */
async function timeStream(
  url: string,
  init: RequestInit,
  firstText: (received: string) => boolean,
): Promise<{ firstMs: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const decoder = new TextDecoder();
  let body = '';
  let firstMs = Number.NaN;
  for await (const chunk of response.body) {
    body += decoder.decode(chunk as Uint8Array, { stream: true });
    if (Number.isNaN(firstMs) && firstText(body)) firstMs = performance.now() - started;
  }
  return { firstMs, body };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function readLoopLag(server: RunningProcess, file: string): Promise<LoopLag> {
  rmSync(file, { force: true });
  process.kill(server.pid!, 'SIGUSR2');
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 5_000;
    const poll = () => {
      try {
        resolve(JSON.parse(readFileSync(file, 'utf8')) as LoopLag);
      } catch {
        if (Date.now() > deadline) reject(new Error('the server wrote no event-loop figures'));
        else setTimeout(poll, 20);
      }
    };
    poll();
  });
}

export async function runAiStreamBench(options: AiStreamBenchOptions): Promise<boolean> {
  const fake: FakeChatCompletions = await startFakeChatCompletions();
  fake.answer = JSON.stringify(SUGGESTION);
  const lagFile = path.join(tmpdir(), `lectern-loop-lag-${process.pid}.json`);
  let server: RunningProcess | undefined;
  try {
    const seeded = await seed(options);
    server = await startNodeServer({
      ...options.server,
      name: 'Lectern server with AI',
      args: [
        '--import',
        `data:text/javascript,${encodeURIComponent(LOOP_LAG_PROBE)}`,
        ...options.server.args,
      ],
      port: await freePort(),
      env: {
        ...options.server.env,
        AI_BASE_URL: fake.url,
        AI_API_KEY: 'sk-bench',
        AI_MODEL: 'bench-model',
        LECTERN_LOOP_LAG_FILE: lagFile,
      },
    });

    const direct = () =>
      timeStream(
        `${fake.url}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
          body: JSON.stringify({
            model: 'bench-model',
            stream: true,
            stream_options: { include_usage: true },
            messages: [{ role: 'user', content: 'Mark this essay.' }],
          }),
        },
        (received) => /"content":"[^"]/.test(received),
      );
    const through = () =>
      timeStream(
        `${server!.baseUrl}/api/homeworks/${seeded.homeworkId}/grading`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: options.cookie },
          body: JSON.stringify({ submission_id: seeded.submissionId }),
        },
        (received) => received.includes('data: {"data":'),
      );

    // (a) First token, one call at a time, the two paths interleaved so drift on the machine hits both.
    for (let i = 0; i < WARMUP; i += 1) {
      await direct();
      const { body } = await through();
      if (!body.includes('event: result'))
        throw new Error(`the grading stream ended without a result: ${body}`);
    }
    const directMs: number[] = [];
    const throughMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      directMs.push((await direct()).firstMs);
      throughMs.push((await through()).firstMs);
    }
    const directMedian = median(directMs);
    const throughMedian = median(throughMs);
    const added = throughMedian - directMedian;

    // (b) Concurrent streams: the server's event-loop delay over exactly the time they run.
    await readLoopLag(server, lagFile);
    const started = performance.now();
    const streams = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => through()));
    const seconds = (performance.now() - started) / 1000;
    const lag = await readLoopLag(server, lagFile);
    const failures = streams.filter(
      (s) => s.status === 'rejected' || !s.value.body.includes('event: result'),
    );
    const concurrentFirst = streams.flatMap((s) => (s.status === 'fulfilled' ? [s.value.firstMs] : []));

    const addedMet = added < TARGET_ADDED_MS;
    const lagMet = lag.p99 < TARGET_LAG_P99_MS && failures.length === 0;
    console.log(
      `  first token: direct median ${directMedian.toFixed(1)} ms, through Lectern median ${throughMedian.toFixed(1)} ms (${SAMPLES} each)`,
    );
    console.log(
      `  ${CONCURRENT} concurrent streams: ${CONCURRENT - failures.length} completed in ${seconds.toFixed(2)} s, ` +
        `first token median ${median(concurrentFirst).toFixed(1)} ms; server event-loop delay p50 ${lag.p50.toFixed(1)} ms, ` +
        `p99 ${lag.p99.toFixed(1)} ms, max ${lag.max.toFixed(1)} ms`,
    );
    for (const failure of failures.slice(0, 3)) {
      console.log(
        `  !!! ${failure.status === 'rejected' ? String(failure.reason) : `no result event: ${failure.value.body.slice(-300)}`}`,
      );
    }
    console.log(
      `${AI_STREAM_BENCH_NAME}: added first-token latency ${added.toFixed(1)} ms (target < ${TARGET_ADDED_MS} ms: ${addedMet ? 'met' : 'MISSED'}), ` +
        `event-loop p99 under ${CONCURRENT} streams ${lag.p99.toFixed(1)} ms (target < ${TARGET_LAG_P99_MS} ms: ${lagMet ? 'met' : 'MISSED'})` +
        ` => ${addedMet && lagMet ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
    );
    return addedMet && lagMet;
  } catch (error) {
    if (server) console.error(server.output().slice(-2_000));
    throw error;
  } finally {
    await server?.stop();
    await fake.close();
    rmSync(lagFile, { force: true });
  }
}
