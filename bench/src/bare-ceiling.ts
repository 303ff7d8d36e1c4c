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
  {
    // The comment list's minimum: one page off the heat index with authors, the viewer's likes and
    // the total from the bucket count, in one statement (the same plan Lectern's prepared one has).
    path: '/activities/:id/comments',
    register(app, pool) {
      app.get<{ Params: { id: string }; Querystring: { viewer: string; cursor?: string } }>(
        '/activities/:id/comments',
        async (request) => {
          const [count, id] = (request.query.cursor ?? '').split('_').map(Number);
          const keyset = request.query.cursor !== undefined;
          const result = await pool.query(
            `select c.*, u.name, u.aliases, u.user_no, u.avatar_big_url, m.roles,
                    exists (select 1 from comment_likes l where l.comment_id = c.id and l.user_id = $2) as liked,
                    (select coalesce(sum(n.count), 0) from comment_counts n
                      where n.activity_id = $1 and n.comment_type = 'forum' and n.referrer_type = 'none')::int as total
             from (select id from comments
                   where activity_id = $1 and comment_type = 'forum' and referrer_type = 'none'
                     ${keyset ? 'and (approval_count, id) < ($3::int, $4::int)' : ''}
                   order by approval_count desc, id desc limit 10) page
             join comments c on c.id = page.id
             join users u on u.id = c.created_by
             left join course_members m on m.course_id = c.course_id and m.user_id = c.created_by
             order by c.approval_count desc, c.id desc`,
            keyset
              ? [Number(request.params.id), Number(request.query.viewer), count, id]
              : [Number(request.params.id), Number(request.query.viewer)],
          );
          return { comments: result.rows, total: result.rows[0]?.total ?? 0 };
        },
      );
    },
  },
  {
    // The exam storm's minimum (exam-storm.ts): the paper in one query, each save one upsert.
    path: '/exam-storm/:id/paper',
    register(app, pool) {
      app.get<{ Params: { id: string } }>('/exam-storm/:id/paper', async (request) => {
        const result = await pool.query(
          `select s.id, s.type, s.description, s.point, s.sort, s.parent_id,
                  jsonb_array_length(s.blanks) as blank_count,
                  coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'sort', o.sort, 'content', o.content)
                                     order by o.sort) filter (where o.id is not null), '[]') as options
           from subjects s left join subject_options o on o.subject_id = s.id
           where s.activity_id = $1 and not s.is_makeup
           group by s.id order by s.sort, s.id`,
          [Number(request.params.id)],
        );
        return { subjects: result.rows };
      });
      const table = pool.query(
        `create table if not exists bare_storm_answers (
           activity_id int not null, user_id int not null, data jsonb not null, finished boolean not null,
           primary key (activity_id, user_id))`,
      );
      app.post<{ Params: { id: string }; Body: { user_id: number; finished: boolean; subjects: unknown[] } }>(
        '/exam-storm/:id/answers',
        async (request) => {
          await table;
          await pool.query(
            `insert into bare_storm_answers (activity_id, user_id, data, finished) values ($1, $2, $3, $4)
             on conflict (activity_id, user_id) do update set data = excluded.data, finished = excluded.finished`,
            [
              Number(request.params.id),
              request.body.user_id,
              JSON.stringify(request.body.subjects),
              request.body.finished,
            ],
          );
          return { saved: true };
        },
      );
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
