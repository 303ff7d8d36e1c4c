// Issue 16's live lecture benchmarks, on the bench course of seed-data.ts:
//  - live HLS: 1,000 concurrent viewers fetching a live stream's playlist and segments from Lectern (each
//    request through the session, the course access check — remembered for 5 s, hls-grants.ts — and a stat
//    of the file, whose bytes hls-file-cache.ts keeps while unchanged) against a bare static file server
//    (static-ceiling.ts) on the same files over the same connections. Target: Lectern serves >= 80% of the
//    bare server's rate.
//  - replay transcode: the server's own event-loop delay (perf_hooks.monitorEventLoopDelay, loaded into the
//    server process by a small --import probe) while its job worker transcodes a recording, with viewers
//    reading the live page meanwhile. Target: p99 < 50 ms.
// ffmpeg (Debian's package) makes the stream and the recording, as the encoder would.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import type { LoadGenerator, LoadSettings } from './load.ts';
import { runLoad } from './load.ts';
import { freePort, repoRoot, startNodeServer, type RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';

const run = promisify(execFile);

export const LIVE_HLS_NAME = 'live hls: 1,000 viewers on a live stream vs a bare static file server';
export const TRANSCODE_LAG_NAME = 'replay transcode: server event-loop lag p99 during a transcode';

/** The target's viewer count; BENCH_LIVE_VIEWERS overrides it for a quick look while developing. */
const VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 1000);
const TARGET_RATIO = 0.8;
const TARGET_LAG_P99_MS = 50;
/** How long a transcode may take on a busy machine before the bench gives up. */
const TRANSCODE_TIMEOUT_MS = 300_000;
/** Viewers reading the live page while the transcode runs: the event loop has real work to delay. */
const READERS = 10;

const ffmpegPath = process.env.FFMPEG_PATH || 'ffmpeg';

const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * The server-side half of the lag measurement, loaded with `node --import` before the server's own code:
 * a histogram of event-loop delay at 10 ms resolution, written to LOOP_LAG_FILE and reset on SIGUSR2, so the
 * bench can cut the server's life into windows (the baseline, the transcode) without touching its code.
 */
const LAG_PROBE = `import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => ns / 1e6;
  writeFileSync(process.env.LOOP_LAG_FILE, JSON.stringify({
    p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max),
    samples: histogram.count,
  }));
  histogram.reset();
});
`;

/** Node arguments and environment that put the lag probe into a server process (see run.ts). */
export function lagProbe(dir: string): { args: string[]; env: Record<string, string> } {
  const file = path.join(dir, 'loop-lag-probe.mjs');
  writeFileSync(file, LAG_PROBE);
  return { args: ['--import', file], env: { LOOP_LAG_FILE: path.join(dir, 'loop-lag.json') } };
}

type Lag = { p50: number; p99: number; max: number; samples: number };

/** Asks the probe for the delays since the last cut, and starts a new window. */
async function cutLag(server: RunningProcess, dir: string): Promise<Lag> {
  const file = path.join(dir, 'loop-lag.json');
  rmSync(file, { force: true });
  if (!server.pid) throw new Error('the server process has no pid');
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Lag;
      } catch {
        // Caught half-written: read again.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the lag probe did not answer: was the server started with lagProbe()?');
}

/** A lecture live in the bench course, with its ingest row in the given stream state. */
async function seedLecture(
  databaseUrl: string,
  data: BenchData,
  title: string,
  streamState: 'publishing' | 'ended',
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: number }>(
      `insert into activities (course_id, module_id, type, title, data, published, completion_criterion_key,
                               sort, created_by, start_time, end_time)
       values ($1, $2, 'lecture_live', $3, '{}'::jsonb, true, 'view', 1000, $4,
               now() - interval '1 hour', now() + interval '1 hour')
       returning id`,
      [data.courseId, data.moduleId, title, data.userId],
    );
    const id = result.rows[0]!.id;
    await client.query(
      `insert into lecture_lives (activity_id, stream_key, stream_state) values ($1, $2, $3)`,
      [id, `bench-${id}-${Date.now()}`, streamState],
    );
    return id;
  } finally {
    await client.end();
  }
}

/**
 * What the ingest's ffmpeg leaves in DATA_DIR/live/<id>/live while a lecture streams: 2-second segments
 * and the rolling playlist of the last six, at a lecture's 720p and about 1 Mbit/s.
 */
async function makeLiveHls(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    '16',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '1M',
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '6',
    '-hls_segment_filename',
    path.join(dir, 'seg-%05d.ts'),
    path.join(dir, 'index.m3u8'),
  ]);
  const playlist = readFileSync(path.join(dir, 'index.m3u8'), 'utf8');
  return playlist.split('\n').filter((line) => line.endsWith('.ts'));
}

export async function runLiveHlsBench(
  ours: RunningProcess,
  generator: LoadGenerator,
  options: { databaseUrl: string; dataDir: string; data: BenchData; cookie: string },
): Promise<boolean> {
  const id = await seedLecture(options.databaseUrl, options.data, 'Bench live', 'publishing');
  const hlsDir = path.join(options.dataDir, 'live', String(id), 'live');
  const segments = await makeLiveHls(hlsDir);
  const meanKb =
    segments.reduce((sum, s) => sum + statSync(path.join(hlsDir, s)).size, 0) / segments.length / 1024;
  console.log(`  ${segments.length} segments in the playlist, ${meanKb.toFixed(0)} KB each on average`);

  const bare = await startNodeServer({
    name: 'bare static file server',
    args: ['--import', 'tsx', path.join(repoRoot, 'bench', 'src', 'static-ceiling.ts')],
    port: await freePort(),
    healthPath: '/health',
    env: { STATIC_DIR: hlsDir },
  });
  try {
    // A player reads the playlist again for every new segment: one playlist per segment, in turn.
    const files = segments.flatMap((segment) => ['index.m3u8', segment]);
    const settings: LoadSettings = { connections: VIEWERS, durationSeconds: 10, warmupSeconds: 2 };
    const oursPaths = files.map((f) => `/api/lecture-lives/${id}/hls/live/${f}`);
    const barePaths = files.map((f) => `/live/${f}`);
    for (const [side, base, paths, headers] of [
      ['ours', ours.baseUrl, oursPaths, { cookie: options.cookie }],
      ['bare', bare.baseUrl, barePaths, {}],
    ] as const) {
      const response = await fetch(base + paths[1]!, { headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes < 1000)
        throw new Error(`${side} answered ${response.status} (${bytes} bytes)`);
    }
    console.log(`  load average before: ${loadNow()}`);
    console.log(`  loading ours  (${VIEWERS} connections, 2 s warm-up + 10 s)`);
    const oursResult = await runLoad(
      generator,
      ours.baseUrl,
      { path: oursPaths[0]!, rotate: oursPaths, headers: { cookie: options.cookie } },
      settings,
    );
    console.log(`  loading bare`);
    const bareResult = await runLoad(
      generator,
      bare.baseUrl,
      { path: barePaths[0]!, rotate: barePaths },
      settings,
    );
    const ratio =
      bareResult.requestsPerSecond > 0 ? oursResult.requestsPerSecond / bareResult.requestsPerSecond : 0;
    for (const [side, r] of [
      ['ours', oursResult],
      ['bare', bareResult],
    ] as const) {
      console.log(
        `  ${side}: ${r.requestsPerSecond.toFixed(0)} req/s (~${((r.requestsPerSecond * meanKb) / 2 / 1024).toFixed(0)} MB/s), ` +
          `p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts}`,
      );
    }
    const clean = oursResult.non2xx + oursResult.errors + bareResult.non2xx + bareResult.errors === 0;
    const met = ratio >= TARGET_RATIO && clean;
    console.log(
      `  ours/bare = ${(ratio * 100).toFixed(0)}% (target >= ${TARGET_RATIO * 100}%) => ${met ? 'TARGET MET' : 'TARGET NOT MET'}` +
        `; load average after: ${loadNow()} on ${readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d)).length} cores`,
    );
    return met;
  } finally {
    await bare.stop();
  }
}

/** A recording as the ingest leaves it: MPEG-TS of an encoder's H.264 and AAC, long enough to measure. */
async function makeRecording(file: string, seconds: number): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await run(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '2M',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mpegts',
    file,
  ]);
}

type Reads = { latencies: number[]; failures: number };

/** READERS viewers reading the live page in a loop until `stop` says so; `latest` grows meanwhile. */
function readWhile(
  ours: RunningProcess,
  url: string,
  cookie: string,
  stop: () => boolean,
): { latest: number[]; done: Promise<Reads> } {
  const reads: Reads = { latencies: [], failures: 0 };
  const reader = async () => {
    while (!stop()) {
      const started = performance.now();
      const response = await fetch(ours.baseUrl + url, { headers: { cookie } }).catch(() => undefined);
      if (response) await response.arrayBuffer();
      if (!response?.ok) reads.failures += 1;
      reads.latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    latest: reads.latencies,
    done: Promise.all(Array.from({ length: READERS }, reader)).then(() => reads),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runTranscodeLagBench(
  ours: RunningProcess,
  options: { databaseUrl: string; dataDir: string; data: BenchData; cookie: string; probeDir: string },
): Promise<boolean> {
  const id = await seedLecture(options.databaseUrl, options.data, 'Bench replay', 'ended');
  const recording = 'recording-bench.ts';
  const seconds = Number(process.env.BENCH_RECORDING_SECONDS ?? 30);
  await makeRecording(path.join(options.dataDir, 'live', String(id), recording), seconds);
  // Registered as a failed transcode, so the instructor's own reprocess call queues it.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const replayId = await client
    .query<{ id: number }>(
      `insert into lecture_live_replays (activity_id, state, recording_file) values ($1, 'failed', $2) returning id`,
      [id, recording],
    )
    .then((r) => r.rows[0]!.id)
    .finally(() => client.end());
  const detailUrl = `/api/lecture-lives/${id}`;

  // The baseline: the same readers for ten seconds without a transcode, after three of warm-up (JIT, pool).
  let baselineOver = false;
  const baselineReads = readWhile(ours, detailUrl, options.cookie, () => baselineOver);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await cutLag(ours, options.probeDir);
  const warmupReads = baselineReads.latest.length;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  baselineOver = true;
  const baseline = await cutLag(ours, options.probeDir);
  const baselineLatency = await baselineReads.done;
  baselineLatency.latencies.splice(0, warmupReads);

  console.log(`  ${seconds} s 720p recording; load average before: ${loadNow()}`);
  const started = performance.now();
  const queued = await fetch(`${ours.baseUrl}/api/courses/lecture-live-activity/${id}/reprocess`, {
    method: 'POST',
    headers: { cookie: options.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ replay_id: replayId }),
  });
  if (!queued.ok) throw new Error(`reprocess answered ${queued.status}: ${await queued.text()}`);
  let status = '';
  let over = false;
  const reads = readWhile(ours, detailUrl, options.cookie, () => over).done;
  let sawProcessing = false;
  while (performance.now() - started < TRANSCODE_TIMEOUT_MS) {
    const response = await fetch(ours.baseUrl + detailUrl, { headers: { cookie: options.cookie } });
    status = ((await response.json()) as { status: string }).status;
    sawProcessing ||= status === 'replay_processing';
    if (status === 'replay_unpublished' || status === 'replay_process_fail') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  over = true;
  const during = await cutLag(ours, options.probeDir);
  const transcodeSeconds = (performance.now() - started) / 1000;
  const duringLatency = await reads;

  console.log(
    `  transcode: ${status} after ${transcodeSeconds.toFixed(1)} s (saw processing: ${sawProcessing}); load average after: ${loadNow()}`,
  );
  for (const [label, lag, r] of [
    ['baseline (no transcode)', baseline, baselineLatency],
    ['during the transcode   ', during, duringLatency],
  ] as const) {
    console.log(
      `  ${label}: event-loop lag p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms, max ${lag.max.toFixed(1)} ms ` +
        `(${lag.samples} samples); live page p99 ${percentile(r.latencies, 99).toFixed(1)} ms over ${r.latencies.length} reads, ${r.failures} failed`,
    );
  }
  const met =
    status === 'replay_unpublished' && during.p99 < TARGET_LAG_P99_MS && duringLatency.failures === 0;
  console.log(
    `  event-loop lag p99 during the transcode ${during.p99.toFixed(1)} ms (target < ${TARGET_LAG_P99_MS} ms) => ${met ? 'TARGET MET' : 'TARGET NOT MET'}`,
  );
  return met;
}
