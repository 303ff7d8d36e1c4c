import { and, eq, sql } from 'drizzle-orm';
import { courseContentVersions } from '../../db/schema/content-versions.ts';
import { courseMembers, courseNotDeleted, courses, courseVisits } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { accessColumns, membershipOf, subCourseStudentIds, type CourseAccessRow } from './course-access.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

const courseId = sql.placeholder('courseId');
const userId = sql.placeholder('userId');
const orgId = sql.placeholder('orgId');
const orgAdmin = sql.placeholder('orgAdmin');

/** The course's content stamp (course_content_versions; 0 until its first write), as text. */
function versionField(tx: Executor) {
  const version = tx
    .select({ version: courseContentVersions.version })
    .from(courseContentVersions)
    .where(eq(courseContentVersions.courseId, courseId));
  return sql<string>`coalesce(${version}, 0)::text`;
}

/**
 * The actor's access (`accessFromRow` judges it) and the course's content stamp in one round trip: no
 * row when the course does not exist or is in the recycle bin.
 */
function accessAndVersion(tx: Executor, query: Pick<Executor, 'select'> = tx) {
  return query
    .select({ ...accessColumns(userId), version: versionField(tx) })
    .from(courses)
    .leftJoin(courseMembers, membershipOf(userId))
    .where(and(eq(courses.id, courseId), courseNotDeleted));
}

// Asked on every course read and outline request, so named prepared statements (decision 0006).
function prepareVersion(tx: Executor) {
  return withCompiledRows(accessAndVersion(tx).prepare('course_access_version'));
}

/**
 * Whether `accessFromRow` lets the user read the course: of their organisation, and a member, a student
 * of one of a combined course's sub-courses, or an organisation administrator. The visit below is
 * written only then, as it rides in the same statement as the access it would otherwise wait for.
 */
function mayRead(tx: Executor) {
  return tx
    .select({ one: sql`1` })
    .from(courses)
    .leftJoin(courseMembers, membershipOf(userId))
    .where(
      and(
        eq(courses.id, courseId),
        courseNotDeleted,
        eq(courses.orgId, orgId),
        sql`(${orgAdmin}::boolean or coalesce(cardinality(${courseMembers.roles}), 0) > 0
             or ${subCourseStudentIds(courses, userId)} is not null)`,
      ),
    );
}

// Opening a course records the visit ("recently visited"); the upsert rides in the same round trip as the
// access and the stamp, as a data-modifying CTE (PostgreSQL runs it whether or not the select refers to
// it). A course that is already the user's latest visit, opened again within the minute, is not written
// again: the list's order cannot change, and the read stays read-only. Every write here waits for its WAL
// flush, and a page refreshed by the same user serialised those flushes on one row lock (issue 21's tail).
function prepareVisitAndVersion(tx: Executor) {
  const visit = tx.$with('visit').as(
    tx
      .insert(courseVisits)
      .select(
        sql`select ${userId}::int, ${courseId}::int, now()
            where exists (${mayRead(tx)})
              and not exists (
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
  return withCompiledRows(accessAndVersion(tx, tx.with(visit)).prepare('course_access_visit_version'));
}

/** What the caller is in the course, and the course's content stamp. */
export type CourseAccessAndVersion = CourseAccessRow & { version: string };

/** Who is asking: the visit is written only for a reader of the course (`mayRead`). */
export type CourseReader = { userId: number; orgId: number; orgAdmin: boolean };

export function courseStampRepository(db: Database) {
  let versionOnDb: ReturnType<typeof prepareVersion> | undefined;
  let visitOnDb: ReturnType<typeof prepareVisitAndVersion> | undefined;
  return {
    /** The user's access to the course and its content stamp; undefined: no such course. */
    async accessAndVersion(
      id: number,
      viewerId: number,
      tx: Executor = db,
    ): Promise<CourseAccessAndVersion | undefined> {
      const statement = tx === db ? (versionOnDb ??= prepareVersion(db)) : prepareVersion(tx);
      const [row] = await statement.execute({ courseId: id, userId: viewerId });
      return row;
    },

    /**
     * The reader's access and the content stamp, recording that they opened the course now if they may
     * read it, in one statement; undefined: no such course.
     */
    async visitAndVersion(
      id: number,
      reader: CourseReader,
      tx: Executor = db,
    ): Promise<CourseAccessAndVersion | undefined> {
      const statement = tx === db ? (visitOnDb ??= prepareVisitAndVersion(db)) : prepareVisitAndVersion(tx);
      const [row] = await statement.execute({
        courseId: id,
        userId: reader.userId,
        orgId: reader.orgId,
        orgAdmin: reader.orgAdmin,
      });
      return row;
    },
  };
}
