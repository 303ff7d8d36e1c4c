import { eq, inArray } from 'drizzle-orm';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { isScoreVisibleToStudent } from '@lectern/contracts/homework/homework.rules';
import { groupMembers } from '../../db/schema/courses.ts';
import { homeworkMarkedAttachments, homeworkSubmissions } from '../../db/schema/homework.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { canReadWork, readsAllSubmissions } from './homework.policy.ts';

/**
 * Who may read the files of homework, for the uploads slice: exactly those who see them in the pages. A
 * submission's files: the teaching team, its owners (the student, or the group's members), and classmates
 * once it is recommended. Marked files: the teaching team, and owners once scores are published to them.
 * Reference answer files: the teaching team.
 */
export function homeworkUploadAccess(db: Database) {
  const activities = activityAccess(db);

  return {
    async readableAmong(
      actor: Actor,
      ids: {
        submissions: readonly number[];
        marked: readonly number[];
        /** Homework (activity ids) whose reference answer files are asked for. */
        referenceAnswers?: readonly number[];
      },
      tx: Executor = db,
    ): Promise<{ submissions: Set<number>; marked: Set<number>; referenceAnswers: Set<number> }> {
      const result = {
        submissions: new Set<number>(),
        marked: new Set<number>(),
        referenceAnswers: new Set<number>(),
      };
      if (ids.referenceAnswers && ids.referenceAnswers.length > 0) {
        // A reference answer is the teaching team's alone (never while simulating a student).
        for (const [id, found] of await activities.visibleAmong(actor, ids.referenceAnswers, tx)) {
          if (found.activity.type === 'homework' && readsAllSubmissions(found.access)) {
            result.referenceAnswers.add(id);
          }
        }
      }
      if (ids.submissions.length === 0 && ids.marked.length === 0) return result;
      const markedRows =
        ids.marked.length === 0
          ? []
          : await tx
              .select({
                id: homeworkMarkedAttachments.id,
                submissionId: homeworkMarkedAttachments.submissionId,
              })
              .from(homeworkMarkedAttachments)
              .where(inArray(homeworkMarkedAttachments.id, [...ids.marked]));
      const submissionIds = [...new Set([...ids.submissions, ...markedRows.map((m) => m.submissionId)])];
      if (submissionIds.length === 0) return result;
      const submissions = await tx
        .select()
        .from(homeworkSubmissions)
        .where(inArray(homeworkSubmissions.id, submissionIds));
      const myGroups = new Set(
        (
          await tx
            .select({ groupId: groupMembers.groupId })
            .from(groupMembers)
            .where(eq(groupMembers.userId, actor.userId))
        ).map((g) => g.groupId),
      );
      const visible = await activities.visibleAmong(
        actor,
        submissions.map((s) => s.activityId),
        tx,
      );
      const readableWork = new Set<number>();
      const readableMarking = new Set<number>();
      for (const row of submissions) {
        const found = visible.get(row.activityId);
        if (!found || found.activity.type !== 'homework') continue;
        const mine = row.userId === actor.userId || (row.groupId !== null && myGroups.has(row.groupId));
        const owner = { userId: row.userId, memberIds: mine ? [actor.userId] : [] };
        if (canReadWork(found.access, owner, row.recommend && !row.isDraft)) readableWork.add(row.id);
        if (
          readsAllSubmissions(found.access) ||
          (mine && isScoreVisibleToStudent(homeworkSettings(found.activity.data)))
        ) {
          readableMarking.add(row.id);
        }
      }
      for (const id of ids.submissions) if (readableWork.has(id)) result.submissions.add(id);
      for (const m of markedRows) if (readableMarking.has(m.submissionId)) result.marked.add(m.id);
      return result;
    },
  };
}
