// The zip download benchmark (issue 10): 500 submissions' files of 1 MB each, downloaded as one zip over
// HTTP from the built server, while the server's resident memory is sampled from /proc. Target: it grows
// by less than 100 MB (the archive is streamed, never held).
import { randomBytes, createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningProcess } from './processes.ts';
import type { BenchData } from './seed-data.ts';

export const ZIP_BENCH_NAME = 'zip: 500 files × 1 MB streamed as one /zip/uploads download';

const FILES = 500;
const FILE_BYTES = 1024 * 1024;
const TARGET_GROWTH_MB = 100;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Writes the files straight into the server's storage and their rows into the database. */
async function seedFiles(databaseUrl: string, dataDir: string, data: BenchData): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids: number[] = [];
  try {
    // Incompressible bytes, as the photos and PDFs students hand in mostly are.
    const bytes = randomBytes(FILE_BYTES);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await mkdir(path.join(dataDir, 'uploads', 'bench'), { recursive: true });
    for (let i = 0; i < FILES; i += 1) {
      const key = `bench/zip-${i}`;
      await writeFile(path.join(dataDir, 'uploads', key), bytes);
      const result = await client.query<{ id: number }>(
        `insert into uploads (org_id, created_by, name, size, mime_type, type, status, storage_key, sha256)
         values ($1, $2, $3, $4, 'application/octet-stream', 'other', 'ready', $5, $6) returning id`,
        [data.orgId, data.userId, `submission-${i}.bin`, FILE_BYTES, key, sha256],
      );
      ids.push(result.rows[0]!.id);
    }
  } finally {
    await client.end();
  }
  return ids;
}

export async function runZipBench(
  server: RunningProcess,
  options: { databaseUrl: string; dataDir: string; data: BenchData; cookie: string },
): Promise<boolean> {
  if (!server.pid) throw new Error('the server process has no pid');
  const pid = server.pid;
  const ids = await seedFiles(options.databaseUrl, options.dataDir, options.data);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  let received = 0;
  try {
    const response = await fetch(
      `${server.baseUrl}/zip/uploads?upload_ids=${ids.join(',')}&timezone=Asia/Shanghai`,
      { headers: { cookie: options.cookie } },
    );
    if (!response.ok || !response.body) {
      throw new Error(`/zip/uploads answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    // Read at the pace a client would, counting bytes without keeping them.
    for await (const chunk of response.body) received += (chunk as Uint8Array).length;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(pid));
  const after = rssMb(pid);
  const growth = peak - before;
  console.log(
    `  ${(received / 1024 / 1024).toFixed(0)} MB zip of ${FILES} files in ${seconds.toFixed(2)} s ` +
      `(${(received / 1024 / 1024 / seconds).toFixed(0)} MB/s)`,
  );
  console.log(
    `  server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB: ` +
      `grew ${growth.toFixed(0)} MB (target < ${TARGET_GROWTH_MB} MB)`,
  );
  const ok = growth < TARGET_GROWTH_MB && received > FILES * FILE_BYTES;
  console.log(`  ${ok ? 'PASS' : 'FAIL'}`);
  return ok;
}
