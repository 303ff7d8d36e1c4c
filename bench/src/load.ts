import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export type RequestSpec = {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /**
   * GETs to send in turn, each connection cycling through them (a client walking through records);
   * `path` is then only the first, used by the probe.
   */
  rotate?: readonly string[];
};

export type LoadSettings = { connections: number; durationSeconds: number; warmupSeconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

// @types/autocannon predates the warmup option that autocannon 7.11+ supports.
type OptionsWithWarmup = autocannon.Options & { warmup?: { connections: number; duration: number } };

export type LoadGenerator = 'wrk' | 'autocannon';

/**
 * wrk (C, one thread) when it is installed, autocannon otherwise. On a small machine the load generator
 * shares the CPU with both servers; autocannon spends about a core of JavaScript at these rates, wrk a
 * fraction of that, so with wrk both servers are measured rather than the generator.
 * BENCH_LOAD_GENERATOR=autocannon|wrk picks one explicitly.
 */
export function pickLoadGenerator(): LoadGenerator {
  const wanted = process.env.BENCH_LOAD_GENERATOR;
  if (wanted === 'wrk' || wanted === 'autocannon') return wanted;
  if (wanted) throw new Error('BENCH_LOAD_GENERATOR must be wrk or autocannon');
  return spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';
}

/** Drives one endpoint; warm-up traffic (JIT, pools, caches) is not counted in the result. */
export async function runLoad(
  generator: LoadGenerator,
  baseUrl: string,
  request: RequestSpec,
  settings: LoadSettings,
): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(baseUrl, request, settings) : runAutocannon(baseUrl, request, settings);
}

async function runWrk(baseUrl: string, request: RequestSpec, settings: LoadSettings): Promise<LoadResult> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' || request.body !== undefined) {
    throw new Error('the wrk driver only sends GETs; use BENCH_LOAD_GENERATOR=autocannon for this scenario');
  }
  const script = request.rotate ? rotationScript(request.rotate) : undefined;
  const args = (seconds: number) => [
    ...(script ? ['--script', script] : []),
    '--threads',
    '1',
    '--connections',
    String(settings.connections),
    '--duration',
    `${seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...Object.entries(request.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    baseUrl + request.path,
  ];
  try {
    if (settings.warmupSeconds > 0) await run('wrk', args(settings.warmupSeconds));
    const { stdout } = await run('wrk', args(settings.durationSeconds));
    return parseWrk(stdout);
  } finally {
    if (script) rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** A wrk Lua script sending the paths in turn (headers from --header still apply through wrk.format). */
function rotationScript(paths: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-wrk-'));
  const file = path.join(dir, 'rotate.lua');
  const list = paths.map((p) => JSON.stringify(p)).join(',\n  ');
  writeFileSync(
    file,
    `local paths = {\n  ${list}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`,
  );
  return file;
}

/** wrk prints human units (`812.00us`, `41.3ms`, `1.2s`); everything here is in milliseconds. */
function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) throw new Error(`unreadable wrk latency "${value}"`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * factor;
}

export function parseWrk(stdout: string): LoadResult {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(stdout);
    if (!match) throw new Error(`wrk output lacks ${pattern}:\n${stdout}`);
    return match;
  };
  const total = Number(find(/(\d+) requests in/)[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50Ms: milliseconds(find(/^\s+50%\s+(\S+)/m)[1]!),
    p99Ms: milliseconds(find(/^\s+99%\s+(\S+)/m)[1]!),
    ok: total - non2xx,
    non2xx,
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
    statusCodes: {},
  };
}

async function runAutocannon(
  baseUrl: string,
  request: RequestSpec,
  settings: LoadSettings,
): Promise<LoadResult> {
  const options: OptionsWithWarmup = {
    url: baseUrl + request.path,
    ...(request.rotate ? { requests: request.rotate.map((p) => ({ method: 'GET' as const, path: p })) } : {}),
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: settings.connections,
    duration: settings.durationSeconds,
    ...(settings.warmupSeconds > 0
      ? { warmup: { connections: settings.connections, duration: settings.warmupSeconds } }
      : {}),
  };
  const result = await autocannon(options);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
