import { and, eq } from 'drizzle-orm';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { announceTimeProblem } from '@lectern/contracts/homework/homework.rules';
import { groupSets } from '../../db/schema/courses.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import type { Executor } from '../../platform/database.ts';
import type { FieldMessages } from '../../platform/errors.ts';

/**
 * The homework rules the generic activity API cannot see in `data` alone: a custom score publish time not
 * earlier than the close time (addendum section 5), a group set of the homework's own course, and no
 * switch between individual and group work (or to another group set) once work has been handed in.
 * Problems are reported on `data.<field>`, as the activity form shows them.
 */
export async function checkHomeworkData(
  tx: Executor,
  homework: {
    id: number | null;
    courseId: number;
    data: Record<string, unknown>;
    previousData: Record<string, unknown> | null;
    endTime: Date | null;
  },
): Promise<FieldMessages> {
  const fields: FieldMessages = {};
  const settings = homeworkSettings(homework.data);
  const problem = announceTimeProblem(settings, homework.endTime?.toISOString() ?? null);
  if (problem) fields['data.announceScoreTime'] = [problem];

  // Files are attached only by PATCH /api/homeworks/{id}/reference-answer (an edit keeps the stored ones).
  if (homework.previousData === null && (settings.reference_answer_upload_ids ?? []).length > 0) {
    fields['data.reference_answer_upload_ids'] = ['homework.referenceAnswerUploadsLocked'];
  }

  const groupSetId = settings.group_set_id ?? null;
  if (groupSetId !== null) {
    const [set] = await tx
      .select({ id: groupSets.id })
      .from(groupSets)
      .where(and(eq(groupSets.id, groupSetId), eq(groupSets.courseId, homework.courseId)));
    if (!set) fields['data.group_set_id'] = ['homework.groupSetInvalid'];
  }
  const before = homework.previousData
    ? (homeworkSettings(homework.previousData).group_set_id ?? null)
    : null;
  if (homework.id !== null && before !== groupSetId) {
    const [handedIn] = await tx
      .select({ id: homeworkSubmissions.id })
      .from(homeworkSubmissions)
      .where(eq(homeworkSubmissions.activityId, homework.id))
      .limit(1);
    if (handedIn) fields['data.group_set_id'] = ['homework.groupSetLocked'];
  }
  return fields;
}
