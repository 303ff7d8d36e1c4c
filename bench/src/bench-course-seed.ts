import pg from 'pg';
import type { BenchData } from './seed-data.ts';

/** Inserts one row and answers its id. */
export type InsertOne = (text: string, values: unknown[]) => Promise<number>;

const insertOne =
  (client: pg.Client): InsertOne =>
  async (text, values) =>
    (await client.query<{ id: number }>(text, values)).rows[0]!.id;

/**
 * Runs a bench's seed in one transaction on its own connection, then `afterCommit` and `analyze` (so the
 * planner knows the new row counts before anything is timed); a failed seed leaves nothing behind.
 */
export async function seedInTransaction<T>(
  databaseUrl: string,
  seed: (client: pg.Client, one: InsertOne) => Promise<T>,
  afterCommit: (client: pg.Client) => Promise<void> = async () => undefined,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const one = insertOne(client);
    const seeded = await seed(client, one);
    await client.query('commit');
    await afterCommit(client);
    await client.query('analyze');
    return seeded;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * A course of its own for one bench (so other scenarios' students do not change the class size), the bench
 * instructor teaching it, with one module; inside the caller's transaction.
 */
export async function insertBenchCourse(
  client: pg.Client,
  data: BenchData,
  course: { name: string; code: string },
): Promise<{ courseId: number; moduleId: number }> {
  const one = insertOne(client);
  const courseId = await one(
    `insert into courses (org_id, name, course_code, created_by) values ($1, $2, $3, $4) returning id`,
    [data.orgId, course.name, course.code, data.userId],
  );
  await client.query(`insert into course_members (course_id, user_id, roles) values ($1, $2, $3)`, [
    courseId,
    data.userId,
    ['instructor'],
  ]);
  const moduleId = await one(
    `insert into course_modules (course_id, name, sort) values ($1, 'Week 1', 0) returning id`,
    [courseId],
  );
  return { courseId, moduleId };
}
