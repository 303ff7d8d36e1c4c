import argon2 from 'argon2';
import pg from 'pg';

export const BENCH_LOGIN = 'bench-instructor';
export const BENCH_PASSWORD = 'bench-password';
export const ACTIVITY_COUNT = 50;

export type BenchData = { orgId: number; userId: number; courseId: number; moduleId: number };

/**
 * Writes the benchmark's data with plain SQL (the schema of drizzle/0000_initial.sql), so the harness
 * depends on no server code and measures only the HTTP path.
 */
export async function seedBenchData(databaseUrl: string): Promise<BenchData> {
  // The server's own argon2id parameters, so the one login costs what a real one does.
  const passwordHash = await argon2.hash(BENCH_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const one = async (text: string, values: unknown[]): Promise<number> => {
      const result = await client.query<{ id: number }>(text, values);
      return result.rows[0]!.id;
    };
    const orgId = await one(`insert into orgs (name, code) values ($1, $2) returning id`, [
      'Bench University',
      'bench',
    ]);
    const userId = await one(
      `insert into users (org_id, user_no, name, email, org_role, password_hash)
       values ($1, $2, $3, $4, 'member', $5) returning id`,
      [orgId, BENCH_LOGIN, 'Bench Instructor', 'bench-instructor@example.edu', passwordHash],
    );
    const courseId = await one(
      `insert into courses (org_id, name, course_code, created_by) values ($1, $2, $3, $4) returning id`,
      [orgId, 'Benchmarking 101', 'BENCH101', userId],
    );
    await client.query(`insert into course_members (course_id, user_id, roles) values ($1, $2, $3)`, [
      courseId,
      userId,
      ['instructor'],
    ]);
    const moduleId = await one(
      `insert into course_modules (course_id, name, sort) values ($1, $2, 0) returning id`,
      [courseId, 'Week 1'],
    );
    await client.query(
      `insert into activities (course_id, module_id, type, title, data, published, completion_criterion_key, sort, created_by)
       select $1, $2, 'material', 'Reading ' || n, jsonb_build_object('description', 'Chapter ' || n || ' of the course reader'),
              true, 'view', n, $3
       from generate_series(1, $4::int) as n`,
      [courseId, moduleId, userId, ACTIVITY_COUNT],
    );
    await client.query('commit');
    // Fresh tables have no statistics; without them the planner's first choices are guesses.
    await client.query('analyze');
    return { orgId, userId, courseId, moduleId };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
