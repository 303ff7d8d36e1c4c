import { and, eq, inArray, or } from 'drizzle-orm';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import { groupMembers } from '../../db/schema/courses.ts';
import { homeworkSubmissions, homeworkSubmitters } from '../../db/schema/homework.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';

type CompletionActivity = Pick<
  ActivityRow,
  'id' | 'type' | 'data' | 'completionCriterionKey' | 'completionCriterionValue'
>;

/**
 * Homework completion from real hand-ins (issue 10): `submitted` once the student (or their group) has
 * handed in and the work was not marked unsubmitted; `score` once the latest hand-in's final score (or
 * score) reaches the criterion's value. Batched: two queries whatever the number of activities.
 */
export function homeworkCompletion(db: Database) {
  return {
    /** Of these activities, the homework ids the user has completed by each one's criterion. */
    async completedAmong(
      userId: number,
      activities: readonly CompletionActivity[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      const done = new Set<number>();
      const homework = activities.filter(
        (a) =>
          a.type === 'homework' &&
          (a.completionCriterionKey === 'submitted' || a.completionCriterionKey === 'score'),
      );
      if (homework.length === 0) return done;
      const ids = homework.map((a) => a.id);
      const groups = await tx
        .select({ groupSetId: groupMembers.groupSetId, groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId));
      const groupIds = groups.map((g) => g.groupId);
      const mine = or(
        eq(homeworkSubmitters.userId, userId),
        groupIds.length > 0 ? inArray(homeworkSubmitters.groupId, groupIds) : undefined,
      );
      const [states, finals] = await Promise.all([
        tx
          .select()
          .from(homeworkSubmitters)
          .where(and(inArray(homeworkSubmitters.activityId, ids), mine)),
        tx
          .select()
          .from(homeworkSubmissions)
          .where(
            and(
              inArray(homeworkSubmissions.activityId, ids),
              eq(homeworkSubmissions.isDraft, false),
              or(
                eq(homeworkSubmissions.userId, userId),
                groupIds.length > 0 ? inArray(homeworkSubmissions.groupId, groupIds) : undefined,
              ),
            ),
          ),
      ]);
      const groupOfSet = new Map(groups.map((g) => [g.groupSetId, g.groupId]));
      for (const activity of homework) {
        const groupSetId = homeworkSettings(activity.data).group_set_id;
        const owns = (row: { userId: number | null; groupId: number | null }) =>
          groupSetId ? row.groupId === groupOfSet.get(groupSetId) : row.userId === userId;
        const state = states.find((s) => s.activityId === activity.id && owns(s));
        const handedIn =
          state !== undefined &&
          state.lastVersion > 0 &&
          (state.status === HOMEWORK_STATUS.submitted ||
            state.status === HOMEWORK_STATUS.makeUp ||
            state.status === HOMEWORK_STATUS.redo);
        if (!handedIn) continue;
        if (activity.completionCriterionKey === 'submitted') {
          done.add(activity.id);
          continue;
        }
        const latest = finals
          .filter((f) => f.activityId === activity.id && owns(f))
          .sort((a, b) => a.version - b.version)
          .at(-1);
        const score = latest?.finalScore ?? latest?.score ?? null;
        if (score !== null && score >= (activity.completionCriterionValue ?? 0)) done.add(activity.id);
      }
      return done;
    },
  };
}
