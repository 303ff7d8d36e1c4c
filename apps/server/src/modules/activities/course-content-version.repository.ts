import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activities, activityReads } from '../../db/schema/activities.ts';
import { courseContentVersions } from '../../db/schema/content-versions.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { accessColumns, membershipOf, type CourseAccessRow } from '../courses/course-access.ts';
import { completedByWorkQuery } from './activity-completion.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

const courseId = sql.placeholder('courseId');
const userId = sql.placeholder('userId');

// The subqueries are query builders rather than columns written into the SQL text: in a select from one
// table Drizzle writes the columns of a field's SQL unqualified, where they would name the inner tables'.
function stampFields(tx: Executor) {
  const version = tx
    .select({ version: courseContentVersions.version })
    .from(courseContentVersions)
    .where(eq(courseContentVersions.courseId, courseId));
  const reads = tx
    .select({ id: activityReads.activityId })
    .from(activityReads)
    .innerJoin(activities, eq(activities.id, activityReads.activityId))
    .where(and(eq(activities.courseId, courseId), eq(activityReads.userId, userId)));
  return {
    version: sql<string>`coalesce(${version}, 0)::text`,
    reads: sql<number[]>`array(${reads})`,
  };
}

// Asked on every activity list request, so named prepared statements: the caller's access to the course
// (`accessFromRow` judges it), the course's content stamp (0 until its first write) and, in the same round
// trip, which of its activities the viewer has read; for learners, also which they have completed by
// their homework or exam work. No row: no such course, or it is in the recycle bin.
function stampQuery(tx: Executor, fields: ReturnType<typeof stampFields> & { completed?: SQL<number[]> }) {
  return tx
    .select({ ...accessColumns(userId), ...fields })
    .from(courses)
    .leftJoin(courseMembers, membershipOf(userId))
    .where(and(eq(courses.id, courseId), courseNotDeleted));
}

function prepareStamp(tx: Executor) {
  return withCompiledRows(stampQuery(tx, stampFields(tx)).prepare('course_access_content_stamp'));
}

function prepareLearnerStamp(tx: Executor) {
  return withCompiledRows(
    stampQuery(tx, {
      ...stampFields(tx),
      completed: sql<number[]>`array(${completedByWorkQuery(tx)})`,
    }).prepare('course_access_content_stamp_learner'),
  );
}

export type CourseContentStamp = CourseAccessRow & {
  version: string;
  reads: number[];
  /** Asked with `withCompletion` only. */
  completed?: number[];
};

export function courseContentVersionRepository(db: Database) {
  let stampOnDb: ReturnType<typeof prepareStamp> | undefined;
  let learnerOnDb: ReturnType<typeof prepareLearnerStamp> | undefined;
  return {
    /**
     * The viewer's access, the course's shared-content stamp and the viewer's read marks in it, with their
     * completed-by-work activities when asked (worth asking only of a learner); undefined: no such course.
     */
    async stamp(
      id: number,
      viewerId: number,
      options: { withCompletion: boolean },
      tx: Executor = db,
    ): Promise<CourseContentStamp | undefined> {
      const params = { courseId: id, userId: viewerId };
      if (options.withCompletion) {
        const statement = tx === db ? (learnerOnDb ??= prepareLearnerStamp(db)) : prepareLearnerStamp(tx);
        const [row] = await statement.execute(params);
        return row;
      }
      const statement = tx === db ? (stampOnDb ??= prepareStamp(db)) : prepareStamp(tx);
      const [row] = await statement.execute(params);
      return row;
    },
  };
}
