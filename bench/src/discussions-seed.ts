import pg from 'pg';
import type { BenchData } from './seed-data.ts';

export const BENCH_COMMENTS = 100_000;
export const BENCH_REPLIES_PER_COMMENT = 3;
const BENCH_STUDENTS = 200;

export type DiscussionsBenchData = {
  forumId: number;
  /** The comment at the middle of the heat order, as a keyset cursor (`<approval_count>_<id>`). */
  deepCursor: string;
};

/**
 * A forum holding 100,000 comments and 300,000 replies, written with set-based INSERT … SELECT
 * generate_series (seconds, not minutes), with what the server keeps beside them: reply counts on the
 * comments, the bucket count the list total reads, and the benchmark instructor's likes on every third
 * comment (counted into approval_count). Plain SQL on the schema of the discussions migration.
 */
export async function seedDiscussionsBench(
  databaseUrl: string,
  data: BenchData,
): Promise<DiscussionsBenchData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into users (org_id, user_no, name, org_role, password_hash)
       select $1, 'bench-student-' || n, 'Bench Student ' || n, 'member', 'not-a-hash'
       from generate_series(1, $2::int) as n`,
      [data.orgId, BENCH_STUDENTS],
    );
    await client.query(
      `insert into course_members (course_id, user_id, roles)
       select $1, id, '{student}' from users where org_id = $2 and user_no like 'bench-student-%'`,
      [data.courseId, data.orgId],
    );
    const forum = await client.query<{ id: number }>(
      `insert into activities (course_id, module_id, type, title, data, published, completion_criterion_key, sort, created_by)
       values ($1, $2, 'forum', 'Bench forum', '{}', true, 'none', 10000, $3) returning id`,
      [data.courseId, data.moduleId, data.userId],
    );
    const forumId = forum.rows[0]!.id;
    await client.query(
      `with students as (
         select array_agg(id order by id) as ids from users where org_id = $3 and user_no like 'bench-student-%'
       )
       insert into comments (activity_id, course_id, comment_type, content, anonymous, course_role, referrer_type,
                             approval_count, reply_count, last_replied_at, created_by, created_at, updated_at)
       select $1, $2, 'forum',
              '<p>Comment ' || n || ' on this week''s reading: a couple of sentences, as students write them.</p>',
              n % 7 = 0, 'student', 'none', (n * 7919) % 50, $5,
              now() - (($4 - n) * interval '1 minute') + interval '30 seconds',
              students.ids[1 + n % array_length(students.ids, 1)],
              now() - (($4 - n) * interval '1 minute'), now() - (($4 - n) * interval '1 minute')
       from generate_series(1, $4::int) as n, students`,
      [forumId, data.courseId, data.orgId, BENCH_COMMENTS, BENCH_REPLIES_PER_COMMENT],
    );
    await client.query(
      `insert into comment_replies (comment_id, content, anonymous, course_role, created_by, created_at, updated_at)
       select c.id, '<p>Reply ' || k || ' to comment ' || c.id || '</p>', false, 'student', c.created_by,
              c.created_at + k * interval '5 seconds', c.created_at + k * interval '5 seconds'
       from comments c cross join generate_series(1, $2::int) as k
       where c.activity_id = $1`,
      [forumId, BENCH_REPLIES_PER_COMMENT],
    );
    await client.query(
      `insert into comment_likes (comment_id, user_id)
       select id, $2 from comments where activity_id = $1 and id % 3 = 0`,
      [forumId, data.userId],
    );
    await client.query(
      `update comments set approval_count = approval_count + 1 where activity_id = $1 and id % 3 = 0`,
      [forumId],
    );
    await client.query(
      `insert into comment_counts (activity_id, comment_type, referrer_type, referrer_id, count)
       values ($1, 'forum', 'none', 0, $2)`,
      [forumId, BENCH_COMMENTS],
    );
    const middle = await client.query<{ approval_count: number; id: number }>(
      `select approval_count, id from comments where activity_id = $1 and comment_type = 'forum'
       order by approval_count desc, id desc offset $2 limit 1`,
      [forumId, Math.floor(BENCH_COMMENTS / 2)],
    );
    await client.query('commit');
    // Statistics for the planner, and the visibility map that lets a page walk only the index.
    await client.query(
      'vacuum analyze comments, comment_replies, comment_likes, comment_counts, users, course_members',
    );
    const row = middle.rows[0]!;
    return { forumId, deepCursor: `${row.approval_count}_${row.id}` };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
