import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';

export type StudentSession = { userId: number; cookie: string };

/**
 * Students of the bench course with sessions written straight into the table, as the server would after
 * a login: hashing thousands of passwords would measure argon2, not the feature under test. Runs inside
 * the caller's transaction.
 */
export async function insertStudentsWithSessions(
  client: pg.Client,
  where: { orgId: number; courseId: number },
  sessionSecret: string,
  count: number,
  prefix: string,
): Promise<StudentSession[]> {
  const users = await client.query<{ id: number }>(
    `insert into users (org_id, user_no, name, email, org_role, password_hash)
     select $1, $3 || '-' || n, $3 || ' student ' || n, $3 || n || '@example.edu', 'member', 'not-a-login'
     from generate_series(1, $2::int) as n
     returning id`,
    [where.orgId, count, prefix],
  );
  const userIds = users.rows.map((r) => r.id);
  await client.query(
    `insert into course_members (course_id, user_id, roles)
     select $1, id, array['student'] from unnest($2::int[]) as id`,
    [where.courseId, userIds],
  );
  const sessions = userIds.map((userId) => {
    const token = randomBytes(32).toString('base64url');
    return { userId, token, id: createHmac('sha256', sessionSecret).update(token).digest('base64url') };
  });
  await client.query(
    `insert into sessions (id, user_id, expires_at)
     select id, user_id, now() + interval '1 day'
     from unnest($1::text[], $2::int[]) as s(id, user_id)`,
    [sessions.map((s) => s.id), sessions.map((s) => s.userId)],
  );
  return sessions.map((s) => ({ userId: s.userId, cookie: `session=${s.token}` }));
}
