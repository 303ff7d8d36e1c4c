// The ceiling: the least a Node server must do to answer each benchmarked request (one pooled query,
// JSON out), with no auth, validation or hooks. Our server's throughput is judged as a share of this.
// Run as its own process so it never shares an event loop with the load generator.
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

type BareRoute = {
  path: string;
  register(app: FastifyInstance, pool: pg.Pool): void;
};

/** One entry per scenario's bare side; scenarios.ts refers to these paths. */
const bareRoutes: BareRoute[] = [
  {
    path: '/courses/:id/activities',
    register(app, pool) {
      app.get<{ Params: { id: string } }>('/courses/:id/activities', async (request) => {
        const result = await pool.query(
          `select id, course_id, module_id, syllabus_id, type, title, data, start_time, end_time, published,
                  completion_criterion_key, completion_criterion_value, sort, created_by, created_at, updated_at
           from activities where course_id = $1 order by sort, id`,
          [Number(request.params.id)],
        );
        return { activities: result.rows };
      });
    },
  },
];

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const port = Number(process.env.PORT);
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 20);
  if (!databaseUrl || !Number.isInteger(port)) throw new Error('bare-ceiling needs DATABASE_URL and PORT');

  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  for (const route of bareRoutes) route.register(app, pool);

  const shutdown = () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await app.listen({ host: '127.0.0.1', port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
