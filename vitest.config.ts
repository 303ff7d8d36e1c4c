import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Which server test files run. PGlite (Postgres in WASM) runs the same SQL ~10× slower than a PostgreSQL
 * server, so `npm test` runs every database test on PostgreSQL when one is reachable and proves PGlite
 * with a smaller pass: the tests that need no database, plus the files below, which between them load
 * the whole demo seed (every table) and exercise sessions, transactions, unique-conflict hand-ins and
 * counters. Without a PostgreSQL server everything runs on PGlite.
 *   LECTERN_SERVER_TESTS=all (default) | pglite-smoke | database
 */
const PGLITE_SMOKE_FILES = [
  'src/seed/demo-seed.test.ts',
  'src/modules/identity/identity.routes.test.ts',
  'src/modules/exams/exam-taking.routes.test.ts',
  'src/modules/homework/homework-submissions.routes.test.ts',
];

function serverTestFiles(): string[] {
  const selection = process.env.LECTERN_SERVER_TESTS ?? 'all';
  if (selection === 'all') return ['src/**/*.test.ts'];
  const root = path.resolve(import.meta.dirname, 'apps/server');
  const files = listTests(path.join(root, 'src')).map((f) =>
    path.relative(root, f).split(path.sep).join('/'),
  );
  const usesDatabase = (file: string) =>
    /createTestApp\(|TEST_DATABASE_URL/.test(readFileSync(path.join(root, file), 'utf8'));
  if (selection === 'database') return files.filter(usesDatabase);
  if (selection === 'pglite-smoke') {
    return files.filter((f) => !usesDatabase(f) || PGLITE_SMOKE_FILES.includes(f));
  }
  throw new Error(`LECTERN_SERVER_TESTS must be all, pglite-smoke or database, not ${selection}`);
}

function listTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listTests(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on a two-core CI machine, which left
    // the web and contracts tests (the group before the server's) running one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: serverTestFiles(),
          // The PostgreSQL pass's test databases are copies of one migrated once here (test-app.ts).
          globalSetup: ['src/test/server-tests.global.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is one WASM Postgres per file; two cores run two files at a time comfortably.
          maxWorkers: 2,
          // One module graph per worker, as the web tests have (decision 0016): with a fresh graph per
          // file, the PostgreSQL pass spent 192 s of its 351 s importing Fastify, Drizzle and the app
          // again for each of its 80 files. Every file builds its own app and database (createTestApp).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
