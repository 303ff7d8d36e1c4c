import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import path from 'node:path';
import { registerJobHandlers } from './job-handlers.ts';
import { startOrphanUploadSweeps } from './modules/uploads/orphan-uploads.job.ts';
import { openDatabase } from './platform/database.ts';
import { createJobWorker } from './platform/jobs/job-worker.ts';
import { checkStorage, createStorage } from './platform/storage/create-storage.ts';
import { seedDemoIfEmpty } from './seed/demo-seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  await checkStorage(config.storage);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
  });
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, storage });

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, app.log, { storage });
    if (seeded) app.log.info('demo data loaded into the empty database');
  }
  const orphanSweeps = startOrphanUploadSweeps({ config, db: database.db, storage, log: app.log });
  // Several server processes may share one PostgreSQL: each runs a worker, and SKIP LOCKED claims keep
  // them from ever running the same job.
  const jobs = registerJobHandlers({ config, db: database.db, storage, log: app.log }, app.push);
  const jobWorker = createJobWorker({ db: database.db, log: app.log, handlers: jobs.handlers });
  jobWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await orphanSweeps.stop();
      await jobWorker.stop();
      await jobs.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port, backlog: config.listenBacklog });
  const where = database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const base = `http://localhost:${config.port}`;
  console.log(
    [
      '',
      `  Lectern is running at ${base}  (database: ${where})`,
      `  API docs: ${base}/api/docs`,
      '',
      '  Demo logins (password for all: lectern-demo):',
      '    admin        org administrator',
      '    t1001        instructor (Li Wei)',
      '    t1002        instructor (Chen Jing)',
      '    ta2001       teaching assistant',
      '    s20240001    student (… s20240040)',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
