import { examSettings } from '@lectern/contracts/exams/exam-settings';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import {
  compareTodos,
  type Todo,
  type TodosResponse,
  type TodoType,
} from '@lectern/contracts/todos/todos.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { examTakingRepository } from '../exams/exam-taking.repository.ts';
import { learnerOf } from './todos.policy.ts';
import { todosRepository, type OpenActivityRow, type SubmitterRow } from './todos.repository.ts';

/**
 * Whether homework still waits for the student, and until when: nothing handed in yet (or sent back for a
 * redo, reset to unsubmitted, or asked to make up), and either before its deadline or inside the
 * submitter's make-up window.
 * Returns the time it closes for them, or undefined when it is not to do.
 */
export function homeworkDue(
  activity: Pick<OpenActivityRow, 'endTime'>,
  submitter: Pick<SubmitterRow, 'status' | 'lastVersion' | 'makeUpEndTime'> | undefined,
  now: Date,
): { endTime: Date | null } | undefined {
  // Handed in means a version in and standing as submitted (or made up): a redo, a reset to unsubmitted
  // or a make-up request waits for a new hand-in.
  const handedIn =
    submitter !== undefined &&
    submitter.lastVersion > 0 &&
    (submitter.status === HOMEWORK_STATUS.submitted || submitter.status === HOMEWORK_STATUS.makeUp);
  if (handedIn) return undefined;
  if (!activity.endTime || activity.endTime >= now) return { endTime: activity.endTime };
  if (submitter?.makeUpEndTime && submitter.makeUpEndTime >= now) return { endTime: submitter.makeUpEndTime };
  return undefined;
}

/** An open exam is to do while attempts are left: its submit_times plus retakes granted, minus final hand-ins. */
export function examAttemptsLeft(submitTimes: number, retakes: number, finals: number): number {
  return Math.max(0, submitTimes + retakes - finals);
}

export function todosService(ctx: AppContext) {
  const repo = todosRepository(ctx.db);
  const exams = examTakingRepository(ctx.db);

  return {
    /**
     * `GET /api/todos`: for every course the caller studies, in a fixed number of queries whatever the
     * number of courses: the open activities, the caller's groups, then their homework standing, exam
     * hand-ins and retakes together.
     */
    async list(actor: Actor): Promise<TodosResponse> {
      const userId = learnerOf(actor);
      const now = new Date();
      const rows = await repo.openActivities(userId, now);
      const listed = rows.map((row) => ({
        row,
        groupSetId:
          (row.type === 'homework'
            ? homeworkSettings(row.data).group_set_id
            : examSettings(row.data).group_set_id) ?? null,
      }));
      const groupSetIds = [...new Set(listed.flatMap((l) => (l.groupSetId ? [l.groupSetId] : [])))];
      const memberships = await exams.groupsInSets(groupSetIds, userId);
      const groupBySet = new Map(memberships.map((m) => [m.groupSetId, m]));
      const groupIds = memberships.map((m) => m.groupId);
      const homeworkIds = rows.filter((r) => r.type === 'homework').map((r) => r.id);
      const examIds = rows.filter((r) => r.type !== 'homework').map((r) => r.id);
      const memberIds = [...new Set([userId, ...memberships.flatMap((m) => m.memberIds)])];
      const [submitters, submissions, retakes] = await Promise.all([
        repo.submitters(homeworkIds, userId, groupIds),
        exams.submissionsOfStudent(examIds, userId, groupIds),
        exams.retakeCounts(examIds, memberIds),
      ]);

      const todos: Todo[] = [];
      const add = (row: OpenActivityRow, endTime: Date | null) =>
        todos.push({
          id: row.id,
          title: row.title,
          course_id: row.courseId,
          course_name: row.courseName,
          type: row.type as TodoType,
          end_time: endTime?.toISOString() ?? null,
        });

      for (const { row, groupSetId } of listed) {
        const group = groupSetId ? groupBySet.get(groupSetId) : undefined;
        // Group work is handed in by a group: a student in none of the set's groups cannot do it.
        if (groupSetId && !group) continue;
        if (row.type === 'homework') {
          const mine = submitters.find(
            (s) => s.activityId === row.id && (group ? s.groupId === group.groupId : s.userId === userId),
          );
          const due = homeworkDue(row, mine, now);
          if (due) add(row, due.endTime);
          continue;
        }
        const finals = submissions.filter(
          (s) =>
            s.activityId === row.id &&
            s.status === 'submitted' &&
            (group ? s.groupId === group.groupId : s.examineeId === userId),
        ).length;
        const counted = new Set(group ? group.memberIds : [userId]);
        const retaken = retakes
          .filter((r) => r.activityId === row.id && counted.has(r.examineeId))
          .reduce((total, r) => total + r.value, 0);
        if (examAttemptsLeft(examSettings(row.data).submit_times, retaken, finals) > 0) add(row, row.endTime);
      }
      return { todo_list: todos.sort(compareTodos) };
    },
  };
}
