// The ceiling: the least a Node server must do to answer each benchmarked request (one pooled query,
// JSON out), with no auth, validation or hooks. Our server's throughput is judged as a share of this.
// Run as its own process so it never shares an event loop with the load generator.
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { registerPublicCoursesBare } from './public-listings-bench.ts';

type BareRoute = {
  path: string;
  register(app: FastifyInstance, pool: pg.Pool): void;
};

/** One entry per scenario's bare side; scenarios.ts refers to these paths. */
const bareRoutes: BareRoute[] = [
  {
    path: '/courses/:id/activities',
    register(app, pool) {
      // With ?viewer= (a student's list), each activity also says whether that viewer has read it.
      app.get<{ Params: { id: string }; Querystring: { viewer?: string } }>(
        '/courses/:id/activities',
        async (request) => {
          const viewer = request.query.viewer === undefined ? null : Number(request.query.viewer);
          const result = await pool.query(
            `select id, course_id, module_id, syllabus_id, type, title, data, start_time, end_time, published,
                    completion_criterion_key, completion_criterion_value, sort, created_by, created_at, updated_at,
                    $2::int is not null and exists (select 1 from activity_reads r
                                                    where r.activity_id = a.id and r.user_id = $2) as read
             from activities a where course_id = $1 order by sort, id`,
            [Number(request.params.id), viewer],
          );
          return { activities: result.rows };
        },
      );
      // The rest of a student's course page (scenarios.ts): the course row, and the outline.
      app.get<{ Params: { id: string } }>('/courses/:id', async (request) => {
        const result = await pool.query('select * from courses where id = $1', [Number(request.params.id)]);
        return result.rows[0];
      });
      app.get<{ Params: { id: string } }>('/courses/:id/modules', async (request) => {
        const result = await pool.query(
          `select m.*, coalesce((select json_agg(s order by s.sort, s.id) from syllabi s
                                 where s.module_id = m.id), '[]') as syllabi
           from course_modules m where m.course_id = $1 order by m.sort, m.id`,
          [Number(request.params.id)],
        );
        return { modules: result.rows };
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
    // The marking dialog's next student (scenarios.ts): one query per call, as lean as it gets: the
    // student's hand-ins with their files aggregated in, a page of score changes with the total, and the
    // marker's files with their uploads.
    path: '/homework/:id/students/:studentId/submissions',
    register(app, pool) {
      app.get<{ Params: { id: string; studentId: string } }>(
        '/homework/:id/students/:studentId/submissions',
        async (request) => {
          const result = await pool.query(
            `select h.*, coalesce((
                select json_agg(json_build_object('id', r.id, 'upload_id', u.id, 'name', r.name, 'size', u.size,
                                                  'mime_type', u.mime_type, 'type', u.type,
                                                  'allow_download', r.allow_download) order by r.sort, r.id)
                from upload_references r join uploads u on u.id = r.upload_id
                where r.parent_type = 'homework_submission' and r.parent_id = h.id), '[]') as uploads
             from homework_submissions h
             where h.activity_id = $1 and h.user_id = $2
             order by h.version`,
            [Number(request.params.id), Number(request.params.studentId)],
          );
          return { submissions: result.rows };
        },
      );
      app.get<{
        Params: { id: string; submitterId: string };
        Querystring: { page?: string; page_size?: string };
      }>('/activity/:id/submitter/:submitterId/score-records', async (request) => {
        const size = Number(request.query.page_size ?? 5);
        const page = Number(request.query.page ?? 1);
        const result = await pool.query(
          `select *, count(*) over () as total from score_records
           where activity_id = $1 and user_id = $2
           order by created_at desc, id desc limit $3 offset $4`,
          [Number(request.params.id), Number(request.params.submitterId), size, (page - 1) * size],
        );
        return { records: result.rows, total: Number(result.rows[0]?.total ?? 0), page, page_size: size };
      });
      app.get<{ Params: { id: string } }>('/submissions/:id/marked_attachments', async (request) => {
        const result = await pool.query(
          `select a.*, u.name, u.size, u.mime_type, u.type
           from homework_marked_attachments a join uploads u on u.id = a.upload_id
           where a.submission_id = $1 order by a.id`,
          [Number(request.params.id)],
        );
        return { marked_attachments: result.rows };
      });
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
  {
    // The login storm's minimum (login-storm.ts): find the user, verify the password with the same
    // argon2id, store a session. No throttling, no cookies, no validation.
    path: '/login-storm/login',
    register(app, pool) {
      app.post<{ Body: { login: string; password: string } }>(
        '/login-storm/login',
        async (request, reply) => {
          const found = await pool.query<{ id: number; password_hash: string }>(
            'select id, password_hash from users where user_no = $1 limit 1',
            [request.body.login],
          );
          const user = found.rows[0];
          const ok = user
            ? await argon2.verify(user.password_hash, request.body.password).catch(() => false)
            : false;
          if (!user || !ok) return reply.status(401).send({ code: 'invalid_credentials' });
          await pool.query(
            `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
            [randomBytes(32).toString('base64url'), user.id],
          );
          return { id: user.id };
        },
      );
    },
  },
  {
    // The roll-call storm's minimum (classroom-bench.ts): compare the code, upsert the student's row.
    path: '/rollcall-storm/:id/answer',
    register(app, pool) {
      const table = pool.query(
        `create table if not exists bare_rollcall_answers (
           rollcall_id int not null, user_id int not null, device_id text not null, status text not null,
           primary key (rollcall_id, user_id))`,
      );
      app.put<{ Params: { id: string }; Body: { user_id: number; deviceId: string; numberCode: string } }>(
        '/rollcall-storm/:id/answer',
        async (request) => {
          await table;
          const status = request.body.numberCode === '1234' ? 'on_call_fine' : 'absent';
          await pool.query(
            `insert into bare_rollcall_answers (rollcall_id, user_id, device_id, status) values ($1, $2, $3, $4)
             on conflict (rollcall_id, user_id) do update set status = excluded.status`,
            [Number(request.params.id), request.body.user_id, request.body.deviceId, status],
          );
          return { status };
        },
      );
    },
  },
  {
    // The push fan-out's minimum (classroom-bench.ts): open streams kept in a set, a publish writes one
    // frame to each. No sessions, memberships or bus.
    path: '/push/stream',
    register(app) {
      const open = new Set<ServerResponse>();
      app.addHook('preClose', async () => {
        for (const raw of open) raw.end();
      });
      app.get('/push/stream', (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
        reply.raw.write('retry: 3000\n\n');
        open.add(reply.raw);
        reply.raw.on('close', () => open.delete(reply.raw));
      });
      app.post<{ Body: { data: unknown } }>('/push/publish', async (request) => {
        const frame = `data: ${JSON.stringify(request.body.data)}\n\n`;
        for (const raw of open) raw.write(frame);
        return { sent: open.size };
      });
    },
  },
  {
    // The public catalogue's minimum (public-listings-bench.ts).
    path: '/public-courses',
    register: registerPublicCoursesBare,
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
  // The same listen backlog as Lectern's (LISTEN_BACKLOG): a ceiling that dropped the storm's connection
  // attempts would measure the kernel's retry timer, not the work.
  await app.listen({ host: '127.0.0.1', port, backlog: 4096 });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
