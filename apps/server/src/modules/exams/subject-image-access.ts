import { and, eq, inArray, sql } from 'drizzle-orm';
import { coursewareQuizzes } from '../../db/schema/courseware-quizzes.ts';
import { subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { can } from '../courses/courses.policy.ts';
import { subjectLibAccess } from './subject-lib-access.ts';

/**
 * Who may see the pictures of a question, for the uploads slice: whoever sees the question. An exam's
 * questions: everyone who sees the exam (its students need the pictures on their paper); a video quiz's:
 * everyone who sees the video while the quiz is published, only the teaching team before (an unpublished
 * quiz is not there for students, so neither are its pictures); a library's: those who may read the library.
 */
export function subjectImageAccess(db: Database) {
  const activities = activityAccess(db);
  const libs = subjectLibAccess(db);

  return {
    /** Of these top-level question ids, those whose pictures the caller may see. */
    async readableAmong(actor: Actor, ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
      const readable = new Set<number>();
      if (ids.length === 0) return readable;
      const rows = await tx
        .select({
          id: subjects.id,
          activityId: sql<number | null>`coalesce(${subjects.activityId}, ${coursewareQuizzes.activityId})`,
          libId: subjects.libId,
          unpublishedQuiz: sql<boolean>`coalesce(not ${coursewareQuizzes.published}, false)`,
        })
        .from(subjects)
        .leftJoin(coursewareQuizzes, eq(coursewareQuizzes.id, subjects.videoQuizId))
        .where(and(inArray(subjects.id, [...new Set(ids)]), subjectNotDeleted));
      const visible = await activities.visibleAmong(
        actor,
        rows.flatMap((r) => (r.activityId === null ? [] : [r.activityId])),
        tx,
      );
      const libIds = [...new Set(rows.flatMap((r) => (r.libId === null ? [] : [r.libId])))];
      const readableLibs = new Set<number>();
      await Promise.all(
        libIds.map(async (libId) => {
          if (await orNullWhenDenied(() => libs.load(actor, libId, 'read', tx))) readableLibs.add(libId);
        }),
      );
      const seesActivity = (r: (typeof rows)[number]) => {
        const found = r.activityId === null ? undefined : visible.get(r.activityId);
        if (!found) return false;
        return !r.unpublishedQuiz || can(found.access, 'activity.manage');
      };
      for (const r of rows) {
        if (seesActivity(r) || (r.libId !== null && readableLibs.has(r.libId))) {
          readable.add(r.id);
        }
      }
      return readable;
    },
  };
}
