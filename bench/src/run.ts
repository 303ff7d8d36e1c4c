// `npm run bench`: Lectern's built server against a bare Fastify + pg server doing the same queries,
// both on a fresh PostgreSQL database, under the same autocannon load.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pickLoadGenerator, runLoad, type LoadResult, type LoadSettings, type RequestSpec } from './load.ts';
import { adminUrl, createBenchDatabase, ensurePostgres, shownUrl } from './postgres.ts';
import { freePort, LECTERN_NODE_FLAGS, repoRoot, startNodeServer, type RunningProcess } from './processes.ts';
import { scenarios, type Scenario, type ScenarioContext } from './scenarios.ts';
import { seedDiscussionsBench } from './discussions-seed.ts';
import { seedMarkingBench } from './marking-seed.ts';
import { seedCoursePageBench } from './course-page-seed.ts';
import { seedPublicListingsBench } from './public-listings-bench.ts';
import {
  EXAM_STORM_NAME,
  reportExamStorm,
  runExamStorm,
  seedExamStorm,
  stormSettings,
} from './exam-storm.ts';
import { IMPORT_BENCH_NAME, runImportBench } from './import-bench.ts';
import { AI_STREAM_BENCH_NAME, runAiStreamBench } from './ai-stream-bench.ts';
import { DUPCHECK_BENCH_NAME, runDupcheckBench } from './dupcheck-bench.ts';
import { runZipBench, ZIP_BENCH_NAME } from './zip-bench.ts';
import { FIRST_LOAD_NAME, runFirstLoad } from './first-load.ts';
import { IMPORT_CORPUS_NAME, runImportCorpusBench } from './import-corpus-bench.ts';
import {
  LOGIN_STORM_NAME,
  loginStormSettings,
  reportLoginStorm,
  runLoginStorm,
  seedLoginStorm,
} from './login-storm.ts';
import { BENCH_LOGIN, BENCH_PASSWORD, seedBenchData } from './seed-data.ts';
import {
  KNOWLEDGE_BENCH_NAME,
  reportKnowledgeBench,
  runKnowledgeBench,
  seedKnowledgeBench,
} from './knowledge-bench.ts';
import {
  reportStatisticsBench,
  runStatisticsBench,
  seedStatisticsBench,
  STATISTICS_BENCH_NAME,
} from './statistics-bench.ts';
import {
  classroomSettings,
  PUSH_FANOUT_NAME,
  reportPushFanout,
  reportRollcallStorm,
  ROLLCALL_STORM_NAME,
  runPushFanout,
  runRollcallStorm,
  seedClassroom,
} from './classroom-bench.ts';
import {
  lagProbe,
  LIVE_HLS_NAME,
  runLiveHlsBench,
  runTranscodeLagBench,
  TRANSCODE_LAG_NAME,
} from './live-bench.ts';

/** Both servers get the same number of database connections, so neither wins on pool size. */
const POOL_SIZE = 20;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
}

// Overridable for a quick look while developing; the targets are only meaningful at the defaults.
const settings: LoadSettings = {
  connections: positiveNumber('BENCH_CONNECTIONS', 50),
  durationSeconds: positiveNumber('BENCH_DURATION_SECONDS', 10),
  warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 2),
};

type Outcome = {
  scenario: Scenario;
  ours: LoadResult;
  bare: LoadResult;
  problems: string[];
  /** Server CPU (user + system) per request, warm-up included: steadier than req/s on a shared machine. */
  cpuMsPerRequest: { ours: number | undefined; bare: number | undefined };
};

/** CPU time a process has used so far, in ms, from /proc (undefined where there is none). */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th, in ticks of 10 ms.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function loadMeasuringCpu(
  generator: ReturnType<typeof pickLoadGenerator>,
  server: RunningProcess,
  request: RequestSpec,
): Promise<{ result: LoadResult; cpuMsPerRequest: number | undefined }> {
  const before = cpuMs(server.pid);
  const result = await runLoad(generator, server.baseUrl, request, settings);
  const after = cpuMs(server.pid);
  const requests = result.requestsPerSecond * (settings.durationSeconds + settings.warmupSeconds);
  return {
    result,
    cpuMsPerRequest:
      before === undefined || after === undefined || requests === 0 ? undefined : (after - before) / requests,
  };
}

const cleanups: (() => Promise<void>)[] = [];

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    await step().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`));
  }
}

async function main(): Promise<number> {
  // Reads the built web app and starts its own demo server: no PostgreSQL needed.
  let firstLoadCode = 0;
  if (namedSelected(FIRST_LOAD_NAME)) {
    console.log(`\n${FIRST_LOAD_NAME}`);
    firstLoadCode = (await runFirstLoad()) ? 0 : 1;
  }
  // In-process on the corpus files: no server, no PostgreSQL.
  let corpusCode = 0;
  if (namedSelected(IMPORT_CORPUS_NAME)) {
    console.log(`\n${IMPORT_CORPUS_NAME}`);
    corpusCode = (await runImportCorpusBench()) ? 0 : 1;
  }
  if (!needsDatabase()) return Math.max(firstLoadCode, corpusCode);

  const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
  if (!existsSync(serverEntry)) {
    throw new Error(
      'apps/server/dist/main.js is missing: run `npm run bench` from the repository root (it builds first)',
    );
  }

  const admin = adminUrl();
  await ensurePostgres(admin);
  const database = await createBenchDatabase(admin);
  cleanups.push(async () => {
    // BENCH_KEEP_DATABASE=1 leaves the seeded database behind, to explain a statement's plan afterwards.
    if (process.env.BENCH_KEEP_DATABASE === '1') {
      console.log(`kept database ${database.name} (drop it when done)`);
      return;
    }
    await database.drop();
    console.log(`dropped database ${database.name}`);
  });
  console.log(`database ${database.name} on ${shownUrl(admin)}`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  // Known here too: the exam storm writes its students' sessions straight into the table.
  const sessionSecret = randomBytes(32).toString('hex');
  // The transcode-lag bench reads the server's own event-loop delay through a probe loaded at start.
  const probeDir = mkdtempSync(path.join(tmpdir(), 'lectern-bench-lag-'));
  cleanups.push(async () => rmSync(probeDir, { recursive: true, force: true }));
  const lag = namedSelected(TRANSCODE_LAG_NAME) ? lagProbe(probeDir) : { args: [], env: {} };
  // Started before seeding: its startup runs the migrations that create the tables the seed fills.
  const oursOptions = {
    name: 'Lectern server',
    args: [...LECTERN_NODE_FLAGS, ...lag.args, serverEntry],
    healthPath: '/api/health',
    env: {
      ...lag.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The login storm tells its class and attackers apart by X-Forwarded-For, as a proxy would.
      TRUST_PROXY: '127.0.0.1',
    },
  };
  const ours = await startNodeServer({ ...oursOptions, port: await freePort() });
  cleanups.push(() => ours.stop());

  const data = await seedBenchData(database.url);
  const discussions = await seedDiscussionsBench(database.url, data);
  const marking = await seedMarkingBench(database.url, data);
  const coursePage = await seedCoursePageBench(database.url, data, sessionSecret);
  const publicListings = await seedPublicListingsBench(database.url, data);
  const cookie = await logIn(ours);

  const bare = await startNodeServer({
    name: 'bare ceiling',
    args: ['--import', 'tsx', path.join(repoRoot, 'bench', 'src', 'bare-ceiling.ts')],
    port: await freePort(),
    healthPath: '/health',
    env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: String(POOL_SIZE) },
  });
  cleanups.push(() => bare.stop());

  const generator = pickLoadGenerator();
  console.log(
    `load generator: ${generator}${generator === 'autocannon' ? ' (install wrk for figures less disturbed by the generator: apt-get install -y wrk)' : ''}`,
  );
  const ctx: ScenarioContext = { data, cookie, discussions, marking, coursePage, publicListings };
  const outcomes: Outcome[] = [];
  for (const scenario of selectedScenarios()) {
    console.log(`\n${scenario.name}`);
    const oursRequest = scenario.ours(ctx);
    const bareRequest = scenario.bare(ctx);
    const problems = [
      ...(await probe('ours', ours, oursRequest)),
      ...(await probe('bare', bare, bareRequest)),
    ];
    console.log(
      `  loading ours  ${oursRequest.path}  (${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s)`,
    );
    const oursLoad = await loadMeasuringCpu(generator, ours, oursRequest);
    console.log(`  loading bare  ${bareRequest.path}`);
    const bareLoad = await loadMeasuringCpu(generator, bare, bareRequest);
    outcomes.push({
      scenario,
      ours: oursLoad.result,
      bare: bareLoad.result,
      problems,
      cpuMsPerRequest: { ours: oursLoad.cpuMsPerRequest, bare: bareLoad.cpuMsPerRequest },
    });
  }
  const scenariosCode = outcomes.length > 0 ? report(outcomes) : 0;

  let stormCode = 0;
  if (stormSelected()) {
    console.log(`\n${EXAM_STORM_NAME}`);
    const storm = stormSettings();
    const stormData = await seedExamStorm(database.url, data, sessionSecret, storm);
    // The scale-out run: more processes like `ours` on the same database, each with its own pool.
    const scaleOut = [ours];
    for (let i = 2; i <= storm.processes; i += 1) {
      const another = await startNodeServer({
        ...oursOptions,
        name: `Lectern server ${i}`,
        port: await freePort(),
      });
      cleanups.push(() => another.stop());
      scaleOut.push(another);
    }
    const outcome = await runExamStorm(ours, bare, database.url, stormData, storm, scaleOut);
    stormCode = reportExamStorm(outcome) ? 0 : 1;
  }
  let loginCode = 0;
  if (loginSelected()) {
    console.log(`\n${LOGIN_STORM_NAME}`);
    const login = loginStormSettings();
    const loginData = await seedLoginStorm(database.url, data, login);
    loginCode = reportLoginStorm(await runLoginStorm(ours, bare, loginData, login)) ? 0 : 1;
  }
  let importCode = 0;
  if (importSelected()) {
    console.log(`\n${IMPORT_BENCH_NAME}`);
    importCode = (await runImportBench(ours, { login: BENCH_LOGIN, password: BENCH_PASSWORD })) ? 0 : 1;
  }
  let dupcheckCode = 0;
  if (namedSelected(DUPCHECK_BENCH_NAME)) {
    console.log(`\n${DUPCHECK_BENCH_NAME}`);
    dupcheckCode = (await runDupcheckBench()) ? 0 : 1;
  }
  let zipCode = 0;
  if (namedSelected(ZIP_BENCH_NAME)) {
    console.log(`\n${ZIP_BENCH_NAME}`);
    zipCode = (await runZipBench(ours, { databaseUrl: database.url, dataDir, data, cookie })) ? 0 : 1;
  }
  let classroomCode = 0;
  if ([PUSH_FANOUT_NAME, ROLLCALL_STORM_NAME].some(namedSelected)) {
    const classroom = classroomSettings();
    const students = await seedClassroom(database.url, data, sessionSecret, classroom);
    if (namedSelected(PUSH_FANOUT_NAME)) {
      console.log(`\n${PUSH_FANOUT_NAME}`);
      const fanout = await runPushFanout(ours, bare, data, cookie, students, classroom);
      if (!reportPushFanout(fanout)) classroomCode = 1;
    }
    if (namedSelected(ROLLCALL_STORM_NAME)) {
      console.log(`\n${ROLLCALL_STORM_NAME}`);
      const storm = await runRollcallStorm(ours, bare, database.url, data, cookie, students, classroom);
      if (!reportRollcallStorm(storm)) classroomCode = 1;
    }
  }
  let statisticsCode = 0;
  if (namedSelected(STATISTICS_BENCH_NAME)) {
    console.log(`\n${STATISTICS_BENCH_NAME}`);
    const seeded = await seedStatisticsBench(database.url, data);
    const result = await runStatisticsBench(ours, bare, cookie, seeded);
    statisticsCode = reportStatisticsBench(result, seeded.answers) ? 0 : 1;
  }
  let knowledgeCode = 0;
  if (namedSelected(KNOWLEDGE_BENCH_NAME)) {
    console.log(`\n${KNOWLEDGE_BENCH_NAME}`);
    const seeded = await seedKnowledgeBench(database.url, data);
    const result = await runKnowledgeBench(ours, bare, cookie, database.url, seeded);
    knowledgeCode = reportKnowledgeBench(result) ? 0 : 1;
  }
  let aiStreamCode = 0;
  if (namedSelected(AI_STREAM_BENCH_NAME)) {
    console.log(`\n${AI_STREAM_BENCH_NAME}`);
    const options = { databaseUrl: database.url, dataDir, data, cookie, server: oursOptions };
    aiStreamCode = (await runAiStreamBench(options)) ? 0 : 1;
  }
  let liveCode = 0;
  if (namedSelected(LIVE_HLS_NAME)) {
    console.log(`\n${LIVE_HLS_NAME}`);
    const options = { databaseUrl: database.url, dataDir, data, cookie };
    liveCode = (await runLiveHlsBench(ours, generator, options)) ? 0 : 1;
  }
  if (namedSelected(TRANSCODE_LAG_NAME)) {
    console.log(`\n${TRANSCODE_LAG_NAME}`);
    const options = { databaseUrl: database.url, dataDir, data, cookie, probeDir };
    if (!(await runTranscodeLagBench(ours, options))) liveCode = 1;
  }
  return Math.max(
    liveCode,
    aiStreamCode,
    statisticsCode,
    knowledgeCode,
    classroomCode,
    scenariosCode,
    stormCode,
    loginCode,
    importCode,
    dupcheckCode,
    zipCode,
    firstLoadCode,
    corpusCode,
  );
}

/** Whether any selected part runs on the bench database (everything but first-load). */
function needsDatabase(): boolean {
  return (
    selectedScenarios().length > 0 ||
    [
      EXAM_STORM_NAME,
      LOGIN_STORM_NAME,
      IMPORT_BENCH_NAME,
      DUPCHECK_BENCH_NAME,
      ZIP_BENCH_NAME,
      PUSH_FANOUT_NAME,
      ROLLCALL_STORM_NAME,
      STATISTICS_BENCH_NAME,
      KNOWLEDGE_BENCH_NAME,
      AI_STREAM_BENCH_NAME,
      LIVE_HLS_NAME,
      TRANSCODE_LAG_NAME,
    ].some(namedSelected)
  );
}

/** BENCH_ONLY=<text>[|<text>…]: the benches whose name contains any of the texts (case-insensitive). */
function benchOnly(): string[] | undefined {
  const only = process.env.BENCH_ONLY?.trim().toLowerCase();
  if (!only) return undefined;
  return only
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}

function namedSelected(name: string): boolean {
  const only = benchOnly();
  return !only || only.some((part) => name.toLowerCase().includes(part));
}

function loginSelected(): boolean {
  return namedSelected(LOGIN_STORM_NAME);
}

function stormSelected(): boolean {
  return namedSelected(EXAM_STORM_NAME);
}

function importSelected(): boolean {
  return namedSelected(IMPORT_BENCH_NAME);
}

/** BENCH_ONLY runs only the scenarios whose name contains one of its texts (see benchOnly). */
function selectedScenarios(): Scenario[] {
  const only = process.env.BENCH_ONLY?.trim().toLowerCase();
  if (!only) return scenarios;
  const chosen = scenarios.filter((scenario) => namedSelected(scenario.name));
  const extra = [
    DUPCHECK_BENCH_NAME,
    ZIP_BENCH_NAME,
    FIRST_LOAD_NAME,
    IMPORT_CORPUS_NAME,
    PUSH_FANOUT_NAME,
    ROLLCALL_STORM_NAME,
    STATISTICS_BENCH_NAME,
    KNOWLEDGE_BENCH_NAME,
    AI_STREAM_BENCH_NAME,
    LIVE_HLS_NAME,
    TRANSCODE_LAG_NAME,
  ];
  if (
    chosen.length === 0 &&
    !stormSelected() &&
    !loginSelected() &&
    !importSelected() &&
    !extra.some(namedSelected)
  ) {
    const names = [
      ...scenarios.map((s) => s.name),
      EXAM_STORM_NAME,
      LOGIN_STORM_NAME,
      IMPORT_BENCH_NAME,
      ...extra,
    ];
    throw new Error(`BENCH_ONLY=${only} matches no scenario: ${names.join('; ')}`);
  }
  return chosen;
}

async function logIn(server: RunningProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: BENCH_LOGIN, password: BENCH_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`login as ${BENCH_LOGIN} failed: ${response.status} ${await response.text()}`);
  }
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]!);
  if (cookies.length === 0) throw new Error('login succeeded but set no cookie');
  return cookies.join('; ');
}

/** One request before the load, so a wrong route or a failing handler is named rather than just counted. */
async function probe(side: string, server: RunningProcess, request: RequestSpec): Promise<string[]> {
  const init: RequestInit = { method: request.method ?? 'GET', headers: request.headers ?? {} };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetch(server.baseUrl + request.path, init);
  const body = await response.text();
  if (response.ok) {
    console.log(`  ${side}: ${response.status}, ${body.length} bytes`);
    return [];
  }
  const problem = `${side} answered ${response.status} to ${request.method ?? 'GET'} ${request.path}: ${body.slice(0, 300)}`;
  console.error(`  !!! ${problem}`);
  return [problem];
}

function report(outcomes: Outcome[]): number {
  const header = ['scenario', 'side', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'cpu ms/req'];
  const rows: string[][] = [];
  for (const { scenario, ours, bare, cpuMsPerRequest } of outcomes) {
    for (const [side, result] of [
      ['ours', ours],
      ['bare', bare],
    ] as const) {
      rows.push([
        side === 'ours' ? scenario.name : '',
        side,
        result.requestsPerSecond.toFixed(0),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        String(result.non2xx),
        String(result.errors + result.timeouts),
        cpuMsPerRequest[side]?.toFixed(2) ?? '-',
      ]);
    }
  }
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));

  let allMet = true;
  console.log('');
  for (const { scenario, ours, bare, problems } of outcomes) {
    const ratio = bare.requestsPerSecond > 0 ? ours.requestsPerSecond / bare.requestsPerSecond : 0;
    const failures = [...problems];
    if (ours.non2xx > 0)
      failures.push(`ours: ${ours.non2xx} non-2xx responses ${JSON.stringify(ours.statusCodes)}`);
    if (bare.non2xx > 0)
      failures.push(`bare: ${bare.non2xx} non-2xx responses ${JSON.stringify(bare.statusCodes)}`);
    if (ours.errors + ours.timeouts > 0)
      failures.push(`ours: ${ours.errors} errors, ${ours.timeouts} timeouts`);
    if (bare.errors + bare.timeouts > 0)
      failures.push(`bare: ${bare.errors} errors, ${bare.timeouts} timeouts`);
    const ratioMet = ratio >= scenario.targets.minRatio;
    const p99Met = ours.p99Ms < scenario.targets.maxP99Ms;
    const vsBare = bare.p99Ms > 0 ? ours.p99Ms / bare.p99Ms : Infinity;
    const vsBareMet = scenario.targets.maxP99VsBare === undefined || vsBare <= scenario.targets.maxP99VsBare;
    const met = ratioMet && p99Met && vsBareMet && failures.length === 0;
    allMet &&= met;
    console.log(
      `${scenario.name}: ours/bare = ${(ratio * 100).toFixed(0)}% (target >= ${scenario.targets.minRatio * 100}%: ${ratioMet ? 'met' : 'MISSED'}), ` +
        `p99 ${ours.p99Ms.toFixed(1)} ms (target < ${scenario.targets.maxP99Ms} ms: ${p99Met ? 'met' : 'MISSED'})` +
        (scenario.targets.maxP99VsBare === undefined
          ? ''
          : `, p99 ${vsBare.toFixed(2)}× bare's (target <= ${scenario.targets.maxP99VsBare}×: ${vsBareMet ? 'met' : 'MISSED'})`) +
        ` => ${met ? 'TARGETS MET' : 'TARGETS NOT MET'}`,
    );
    for (const failure of failures) console.log(`  !!! ${failure}`);
  }
  if (settings.connections !== 50 || settings.durationSeconds !== 10 || settings.warmupSeconds !== 2) {
    console.log('(non-default BENCH_* settings: these numbers are not comparable with the targets)');
  }
  return allMet ? 0 : 1;
}

// Ctrl-C must not leave a server running or a lectern_bench_* database behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanUp();
    process.exit(1);
  });
