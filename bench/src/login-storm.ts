// The login storm (issue 20): a lecture hall of 1,000 students signs in from one NAT address within a
// minute, through HTTP with real argon2id verification, against Lectern and against the bare ceiling
// (look up, verify, insert a session; no throttling). Then the same class signs in again while two
// attackers work: 200 wrong passwords at one account, and 1,000 wrong passwords across the class's
// accounts (credential stuffing), each from its own address. The server trusts X-Forwarded-For from the
// harness (TRUST_PROXY=127.0.0.1), which is how the addresses are told apart.
import argon2 from 'argon2';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';
import { positiveInt } from './env-settings.ts';

export const LOGIN_STORM_NAME = 'login storm (1,000 students from one address, then attackers)';

/** The server's own argon2id parameters (apps/server/src/modules/identity/password.ts). */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const PASSWORD = 'storm-password-1';
const CLASS_ADDRESS = '198.51.100.20';
const ONE_ACCOUNT_ATTACKER = '203.0.113.66';
const STUFFING_ATTACKER = '203.0.113.99';
/** The server's defaults (LOGIN_ACCOUNT_LOCK_FAILURES, LOGIN_ADDRESS_FAILURES), which the targets assume. */
const LOCK_FAILURES = 10;
const ADDRESS_FAILURES = 100;

export const LOGIN_TARGETS = { maxP95Ms: 1_000 } as const;

export type LoginStormSettings = { students: number; seconds: number };

/** BENCH_LOGIN_STUDENTS / BENCH_LOGIN_SECONDS override the defaults for a quick look while developing. */
export function loginStormSettings(): LoginStormSettings {
  return {
    students: positiveInt('BENCH_LOGIN_STUDENTS', 1000),
    seconds: positiveInt('BENCH_LOGIN_SECONDS', 60),
  };
}

export type LoginStormData = {
  students: string[];
  target: string;
  /** One argon2id verification, alone on an idle core, and its throughput with 4 at once. */
  verifyMs: number;
  verifyParallelMs: number;
};

/**
 * The class, with one precomputed hash for all (argon2 salts each hash, but the verification costs the
 * same; 1,000 separate hashes would only lengthen the setup), and the attacked account.
 */
export async function seedLoginStorm(
  databaseUrl: string,
  data: BenchData,
  settings: LoginStormSettings,
): Promise<LoginStormData> {
  const hash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
  await argon2.verify(hash, PASSWORD);
  let started = performance.now();
  for (let i = 0; i < 10; i += 1) await argon2.verify(hash, PASSWORD);
  const verifyMs = (performance.now() - started) / 10;
  started = performance.now();
  await Promise.all(Array.from({ length: 40 }, () => argon2.verify(hash, PASSWORD)));
  const verifyParallelMs = (performance.now() - started) / 40;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (org_id, user_no, name, email, org_role, password_hash)
       select $1, 'hall-' || n, 'Hall Student ' || n, 'hall' || n || '@example.edu', 'member', $3
       from generate_series(0, $2::int - 1) as n`,
      [data.orgId, settings.students, hash],
    );
    await client.query(
      `insert into users (org_id, user_no, name, org_role, password_hash)
       values ($1, 'hall-target', 'Attacked Student', 'member', $2)`,
      [data.orgId, hash],
    );
    await client.query('analyze users');
  } finally {
    await client.end();
  }
  return {
    students: Array.from({ length: settings.students }, (_, n) => `hall-${n}`),
    target: 'hall-target',
    verifyMs,
    verifyParallelMs,
  };
}

type Tally = { latencies: number[]; byAnswer: Record<string, number>; firstErrors: string[] };

const emptyTally = (): Tally => ({ latencies: [], byAnswer: {}, firstErrors: [] });

async function signIn(
  url: string,
  login: string,
  password: string,
  address: string,
  tally: Tally,
): Promise<void> {
  const started = performance.now();
  let answer: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ login, password }),
    });
    const text = await response.text();
    answer = response.ok
      ? String(response.status)
      : `${response.status} ${(JSON.parse(text) as { code?: string }).code ?? ''}`.trim();
    if (!response.ok && password === PASSWORD && tally.firstErrors.length < 5) {
      tally.firstErrors.push(`${login}: ${response.status} ${text.slice(0, 200)}`);
    }
  } catch (error) {
    answer = 'network error';
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    if (tally.firstErrors.length < 5) {
      tally.firstErrors.push(
        `${login}: ${(error as Error).message} (${cause?.code ?? cause?.message ?? '?'})`,
      );
    }
  }
  tally.latencies.push(performance.now() - started);
  tally.byAnswer[answer] = (tally.byAnswer[answer] ?? 0) + 1;
}

/** A small seeded generator, so both servers see exactly the same arrival times. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Open loop: every call starts at its own moment, whether or not earlier ones have been answered, as
 * students clicking "sign in" do. Moments are uniform at random over the period (so they bunch up the
 * way independent arrivals do), or evenly spaced when `even`.
 */
async function openLoop(
  count: number,
  seconds: number,
  options: { seed?: number; even?: boolean },
  call: (index: number) => Promise<void>,
): Promise<number> {
  const random = seededRandom(options.seed ?? 1);
  const moments = Array.from({ length: count }, (_, i) =>
    options.even ? (i / count) * seconds * 1000 : random() * seconds * 1000,
  ).sort((a, b) => a - b);
  const started = performance.now();
  await Promise.all(
    moments.map(
      (at, index) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void call(index).then(resolve), at);
        }),
    ),
  );
  return (performance.now() - started) / 1000;
}

export type LoginStormOutcome = {
  settings: LoginStormSettings;
  data: LoginStormData;
  storm: { ours: Tally; bare: Tally; oursSeconds: number; bareSeconds: number };
  attack: { hall: Tally; oneAccount: Tally; stuffing: Tally; seconds: number };
};

export async function runLoginStorm(
  ours: RunningProcess,
  bare: RunningProcess,
  data: LoginStormData,
  settings: LoginStormSettings,
): Promise<LoginStormOutcome> {
  const oursUrl = `${ours.baseUrl}/api/login`;
  const bareUrl = `${bare.baseUrl}/login-storm/login`;
  const { students, seconds } = { students: data.students, seconds: settings.seconds };
  console.log(
    `  argon2id verify (m=${ARGON2_OPTIONS.memoryCost / 1024} MiB, t=${ARGON2_OPTIONS.timeCost}, p=1): ` +
      `${data.verifyMs.toFixed(1)} ms alone, ${data.verifyParallelMs.toFixed(1)} ms each with 40 at once`,
  );
  console.log(`  ${students.length} students sign in from ${CLASS_ADDRESS} within ${seconds} s: ours`);
  const oursTally = emptyTally();
  const oursSeconds = await openLoop(students.length, seconds, { seed: 7 }, (i) =>
    signIn(oursUrl, students[i]!, PASSWORD, CLASS_ADDRESS, oursTally),
  );
  console.log('  the same against the bare ceiling');
  const bareTally = emptyTally();
  const bareSeconds = await openLoop(students.length, seconds, { seed: 7 }, (i) =>
    signIn(bareUrl, students[i]!, PASSWORD, CLASS_ADDRESS, bareTally),
  );

  // The attackers spread their tries over the first third of the class's minute, as fast as a modest
  // script goes, so the class signs in before, during and after the worst of it.
  const attackSeconds = Math.max(1, Math.round(seconds / 3));
  console.log(
    `  the class again, while 200 wrong passwords hit ${data.target} from ${ONE_ACCOUNT_ATTACKER} and ` +
      `${students.length} wrong passwords hit the class's accounts from ${STUFFING_ATTACKER} in ${attackSeconds} s`,
  );
  const hall = emptyTally();
  const oneAccount = emptyTally();
  const stuffing = emptyTally();
  const started = performance.now();
  await Promise.all([
    openLoop(students.length, seconds, { seed: 11 }, (i) =>
      signIn(oursUrl, students[i]!, PASSWORD, CLASS_ADDRESS, hall),
    ),
    openLoop(200, attackSeconds, { even: true }, (i) =>
      signIn(oursUrl, data.target, `guess-${i}`, ONE_ACCOUNT_ATTACKER, oneAccount),
    ),
    openLoop(students.length, attackSeconds, { even: true }, (i) =>
      signIn(oursUrl, students[i]!, `leaked-${i}`, STUFFING_ATTACKER, stuffing),
    ),
  ]);
  return {
    settings,
    data,
    storm: { ours: oursTally, bare: bareTally, oursSeconds, bareSeconds },
    attack: { hall, oneAccount, stuffing, seconds: (performance.now() - started) / 1000 },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const answers = (t: Tally) =>
  Object.entries(t.byAnswer)
    .sort()
    .map(([answer, n]) => `${answer}: ${n}`)
    .join(', ');

/** Prints the figures; true when every target is met. */
export function reportLoginStorm(outcome: LoginStormOutcome): boolean {
  const { storm, attack, settings } = outcome;
  const header = ['run', 'count', 'refused', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'];
  const row = (name: string, tally: Tally, seconds: number) => {
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    return [
      name,
      String(sorted.length),
      String(sorted.length - (tally.byAnswer['200'] ?? 0)),
      (sorted.length / seconds).toFixed(1),
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 95).toFixed(0),
      percentile(sorted, 99).toFixed(0),
    ];
  };
  const rows = [
    row('storm, ours', storm.ours, storm.oursSeconds),
    row('storm, bare', storm.bare, storm.bareSeconds),
    row('class under attack, ours', attack.hall, attack.seconds),
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log(
    `argon2id verify per login: ${outcome.data.verifyMs.toFixed(1)} ms alone, ` +
      `${outcome.data.verifyParallelMs.toFixed(1)} ms each when 40 run at once (libuv threadpool)`,
  );
  console.log(`storm answers, ours: ${answers(storm.ours)}; bare: ${answers(storm.bare)}`);
  console.log(`class under attack answers: ${answers(attack.hall)}`);
  console.log(`one-account attacker (200 tries): ${answers(attack.oneAccount)}`);
  console.log(`stuffing attacker (${settings.students} tries): ${answers(attack.stuffing)}`);
  for (const message of [
    ...storm.ours.firstErrors.map((m) => `storm ours ${m}`),
    ...storm.bare.firstErrors.map((m) => `storm bare ${m}`),
    ...attack.hall.firstErrors.map((m) => `class under attack ${m}`),
  ]) {
    console.log(`  !!! ${message}`);
  }

  const refused = (t: Tally) => t.latencies.length - (t.byAnswer['200'] ?? 0);
  const p95 = (t: Tally) =>
    percentile(
      [...t.latencies].sort((a, b) => a - b),
      95,
    );
  // Guesses that reached a password check: the 401s, plus the one that locked the account.
  const oneAccountChecked = (attack.oneAccount.byAnswer['401 invalid_credentials'] ?? 0) + 1;
  const stuffingChecked = attack.stuffing.byAnswer['401 invalid_credentials'] ?? 0;
  const checks = [
    [`storm refused ${refused(storm.ours)} (target 0)`, refused(storm.ours) === 0],
    [
      `storm p95 ${p95(storm.ours).toFixed(0)} ms (target < ${LOGIN_TARGETS.maxP95Ms} ms; bare ${p95(storm.bare).toFixed(0)} ms)`,
      p95(storm.ours) < LOGIN_TARGETS.maxP95Ms,
    ],
    [`class refused under attack ${refused(attack.hall)} (target 0)`, refused(attack.hall) === 0],
    [
      `class p95 under attack ${p95(attack.hall).toFixed(0)} ms (target < ${LOGIN_TARGETS.maxP95Ms} ms)`,
      p95(attack.hall) < LOGIN_TARGETS.maxP95Ms,
    ],
    [
      `one-account guesses checked <= ${oneAccountChecked} of 200 (target <= ${LOCK_FAILURES})`,
      oneAccountChecked <= LOCK_FAILURES,
    ],
    [
      `stuffing guesses checked ${stuffingChecked} of ${settings.students} (target <= ${ADDRESS_FAILURES})`,
      stuffingChecked <= ADDRESS_FAILURES,
    ],
  ] as const;
  for (const [text, met] of checks) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${text}`);
  const allMet = checks.every(([, met]) => met);
  console.log(`${LOGIN_STORM_NAME}: ${allMet ? 'TARGETS MET' : 'TARGETS NOT MET'}`);
  if (settings.students !== 1000 || settings.seconds !== 60) {
    console.log('(non-default BENCH_LOGIN_* settings: these numbers are not comparable with the targets)');
  }
  return allMet;
}
