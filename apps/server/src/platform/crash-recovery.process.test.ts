import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSubmissions } from '../db/schema/exam-submissions.ts';
import { createExamWorld, createOpenExam, type ExamWorld } from '../test/exam-taking-factories.ts';
import { paperSubjects } from '../test/exam-taking-factories.ts';
import { singleChoice } from '../test/exams-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * kill -9 of a server process in the middle of an exam's burst of saves and hand-ins: after a restart,
 * every answer the server acknowledged (2xx) is stored. The server runs as a real child process
 * (`src/main.ts` with tsx's loader) on this test's PostgreSQL database; nothing is shut down gracefully.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STUDENTS = 24;
const DRAFTS = 4;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(t: TestApp, port: number): Promise<ChildProcess> {
  // node itself with tsx's loader (not the tsx CLI, which would run the server in a grandchild that a
  // kill -9 of its parent leaves running).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: t.config.databaseUrl,
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: t.config.dataDir,
      SESSION_SECRET: t.config.sessionSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(t.config.dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

const versionOf = (answers: unknown): number => {
  const text = JSON.stringify(answers ?? []);
  const match = /version (\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('kill -9 during an exam burst', () => {
  let t: TestApp;
  let world: ExamWorld;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createExamWorld(t, STUDENTS);
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await t.close();
  });

  it('keeps every acknowledged draft and hand-in', { timeout: 120_000 }, async () => {
    const exam = await createOpenExam(t, world, [
      singleChoice(5),
      { type: 'short_answer', description: '<p>Explain.</p>', point: 5, answer: '<p>Because.</p>' },
    ]);
    const [choice, essay] = await paperSubjects(t, exam.id);
    if (!choice || !essay) throw new Error('paper not built');
    const right = choice.options.find((o) => o.is_answer)?.id;
    const instances = await Promise.all(
      world.students.map(async (s) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/exams/${exam.id}/distribute`,
          headers: s.session.headers,
        });
        return res.json<{ exam_paper_instance_id: number }>().exam_paper_instance_id;
      }),
    );

    const port = await freePort();
    server = await startServer(t, port);
    const victim = server;

    // Each student saves DRAFTS drafts, then hands in (version DRAFTS + 1), one request after the other.
    const acknowledged = new Map<number, number>();
    let acks = 0;
    let killed = false;
    const killAt = Math.floor((STUDENTS * (DRAFTS + 1)) / 3);
    await Promise.all(
      world.students.map(async (s, i) => {
        for (let version = 1; version <= DRAFTS + 1; version += 1) {
          const res = await fetch(`http://127.0.0.1:${port}/api/exams/${exam.id}/submissions`, {
            method: 'POST',
            headers: { ...s.session.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              exam_paper_instance_id: instances[i],
              exam_finished: version === DRAFTS + 1,
              subjects: [
                { subject_id: choice.id, answer_option_ids: right ? [right] : [] },
                { subject_id: essay.id, answer: `<p>version ${version}</p>` },
              ],
            }),
          }).catch(() => null);
          if (!res) return; // the process died under this request: not acknowledged
          if (res.status < 200 || res.status >= 300) return;
          acknowledged.set(s.user.id, version);
          acks += 1;
          if (acks >= killAt && !killed) {
            killed = true;
            victim.kill('SIGKILL');
          }
        }
      }),
    );
    expect(killed).toBe(true);
    expect(acks).toBeLessThan(STUDENTS * (DRAFTS + 1));

    server = await startServer(t, port);
    const rows = await t.db.select().from(examSubmissions).where(eq(examSubmissions.activityId, exam.id));
    const byStudent = new Map(rows.map((r) => [r.examineeId, r]));
    for (const [userId, version] of acknowledged) {
      const row = byStudent.get(userId);
      expect(row, `student ${userId} had version ${version} acknowledged`).toBeDefined();
      const stored = row?.status === 'submitted' ? versionOf(row.submissionData) : versionOf(row?.draftData);
      expect(stored, `student ${userId}`).toBeGreaterThanOrEqual(version);
      if (version === DRAFTS + 1) expect(row?.status).toBe('submitted');
    }

    // The restarted process takes the rest: a student cut off mid-burst hands in now.
    const late = world.students.find((s) => (acknowledged.get(s.user.id) ?? 0) < DRAFTS + 1);
    if (late) {
      const i = world.students.indexOf(late);
      const res = await fetch(`http://127.0.0.1:${port}/api/exams/${exam.id}/submissions`, {
        method: 'POST',
        headers: { ...late.session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ exam_paper_instance_id: instances[i], exam_finished: true }),
      });
      expect(res.status).toBe(200);
    }
  });
});
