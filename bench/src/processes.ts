import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The V8 flags Lectern runs with in production (`npm run start:built`, deploy/Dockerfile): the bench
 * measures the server as it is deployed (decision 0006, "GC"). BENCH_LECTERN_NODE_FLAGS replaces them
 * (space-separated; empty for node's defaults), to weigh another setting against them.
 */
export const LECTERN_NODE_FLAGS =
  process.env.BENCH_LECTERN_NODE_FLAGS === undefined
    ? ['--max-semi-space-size=32']
    : process.env.BENCH_LECTERN_NODE_FLAGS.split(' ').filter(Boolean);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export type RunningProcess = {
  name: string;
  baseUrl: string;
  /** The process id, to read its memory from /proc. */
  pid: number | undefined;
  output(): string;
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** Spawns a node program, tells it its port through PORT, and resolves once `healthPath` answers 2xx. */
export async function startNodeServer(options: {
  name: string;
  args: string[];
  port: number;
  env: Record<string, string>;
  healthPath: string;
  /** How long the start may take; 60 s unless the process first loads data (the demo seed). */
  healthTimeoutMs?: number;
}): Promise<RunningProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of every spawned server there, to see where time goes.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...options.args], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const healthTimeoutMs = options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS;
  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`${options.name} exited (code ${exitCode}) before it was healthy\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${options.name} did not answer ${options.healthPath} within ${healthTimeoutMs / 1000} s\n${log}`,
      );
    }
    try {
      const response = await fetch(baseUrl + options.healthPath, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name: options.name, baseUrl, pid: child.pid, output: () => log, stop };
}
