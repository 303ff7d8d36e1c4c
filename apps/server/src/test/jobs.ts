import { registerJobHandlers } from '../job-handlers.ts';
import { createJobWorker, type RegisteredJobs } from '../platform/jobs/job-worker.ts';
import type { TestApp } from './test-app.ts';

// Worker threads take a moment to start: one set of handlers per test app, kept while it lives.
const registered = new WeakMap<TestApp, RegisteredJobs>();

/**
 * Runs every background job that is due, as the server's worker would, until none is left; the number
 * run. Tests call it where the real server's worker would have picked the jobs up by itself.
 */
export async function runJobsUntilIdle(t: TestApp): Promise<number> {
  let jobs = registered.get(t);
  if (!jobs) {
    jobs = registerJobHandlers(
      { config: t.config, db: t.db, storage: t.storage, log: t.app.log },
      t.app.push,
    );
    registered.set(t, jobs);
  }
  return createJobWorker({ db: t.db, log: t.app.log, handlers: jobs.handlers }).drain();
}
