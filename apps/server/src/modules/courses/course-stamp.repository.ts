import { eq, sql } from 'drizzle-orm';
import { courseContentVersions } from '../../db/schema/content-versions.ts';
import { courses, courseVisits } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';

const courseId = sql.placeholder('courseId');
const userId = sql.placeholder('userId');

/** The course's content stamp (course_content_versions; 0 until its first write), as text. */
function versionField(tx: Executor) {
  const version = tx
    .select({ version: courseContentVersions.version })
    .from(courseContentVersions)
    .where(eq(courseContentVersions.courseId, courseId));
  return sql<string>`coalesce(${version}, 0)::text`;
}

// Asked on every course read and outline request, so named prepared statements (decision 0006).
function prepareVersion(tx: Executor) {
  return tx
    .select({ version: versionField(tx) })
    .from(courses)
    .where(eq(courses.id, courseId))
    .prepare('course_read_version');
}

// Opening a course records the visit ("recently visited"); the upsert rides in the same round trip as the
// stamp, as a data-modifying CTE (PostgreSQL runs it whether or not the select refers to it).
// A course that is already the user's latest visit, opened again within the minute, is not written again:
// the list's order cannot change, and the read stays read-only. Every write here waits for its WAL flush,
// and a page refreshed by the same user serialised those flushes on one row lock (issue 21's tail).
function prepareVisitAndVersion(tx: Executor) {
  const visit = tx.$with('visit').as(
    tx
      .insert(courseVisits)
      .select(
        sql`select ${userId}::int, ${courseId}::int, now()
            where not exists (
              select 1 from course_visits v
              where v.user_id = ${userId}::int and v.course_id = ${courseId}::int
                and v.visited_at > now() - interval '1 minute'
                and not exists (select 1 from course_visits w
                                where w.user_id = v.user_id and w.visited_at > v.visited_at))`,
      )
      .onConflictDoUpdate({
        target: [courseVisits.userId, courseVisits.courseId],
        set: { visitedAt: sql`now()` },
      })
      .returning({ courseId: courseVisits.courseId }),
  );
  return tx
    .with(visit)
    .select({ version: versionField(tx) })
    .from(courses)
    .where(eq(courses.id, courseId))
    .prepare('course_visit_version');
}

export function courseStampRepository(db: Database) {
  let versionOnDb: ReturnType<typeof prepareVersion> | undefined;
  let visitOnDb: ReturnType<typeof prepareVisitAndVersion> | undefined;
  return {
    /** The course's content stamp; undefined: no such course. */
    async version(id: number, tx: Executor = db): Promise<string | undefined> {
      const statement = tx === db ? (versionOnDb ??= prepareVersion(db)) : prepareVersion(tx);
      const [row] = await statement.execute({ courseId: id });
      return row?.version;
    },

    /** Records that the user opened the course now and answers its content stamp, in one statement. */
    async visitAndVersion(id: number, viewerId: number, tx: Executor = db): Promise<string | undefined> {
      const statement = tx === db ? (visitOnDb ??= prepareVisitAndVersion(db)) : prepareVisitAndVersion(tx);
      const [row] = await statement.execute({ courseId: id, userId: viewerId });
      return row?.version;
    },
  };
}
