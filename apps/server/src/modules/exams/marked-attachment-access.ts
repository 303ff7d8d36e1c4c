import { examSettings } from '@lectern/contracts/exams/exam-settings';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { readsAllSubmissions, submissionVisibility } from './exam-taking.policy.ts';
import { markingRepository } from './marking.repository.ts';

/**
 * Who may read the file of a marked attachment, for the uploads slice: exactly those who see it in a
 * submission review. The teaching team always; the examinee (or, in a group exam, a member of the group
 * that handed the submission in) once scores are released to them; nobody else.
 */
export function markedAttachmentAccess(db: Database) {
  const marking = markingRepository(db);
  const activities = activityAccess(db);

  return {
    /** Of these marked attachment ids, those the caller may read. Gone or hidden ones are simply absent. */
    async readableAmong(actor: Actor, ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
      const readable = new Set<number>();
      if (ids.length === 0) return readable;
      const owners = await marking.attachmentOwners(ids, actor.userId, tx);
      const exams = await activities.visibleAmong(
        actor,
        owners.map((o) => o.examId),
        tx,
      );
      for (const owner of owners) {
        const exam = exams.get(owner.examId);
        if (!exam) continue;
        const { activity, access } = exam;
        if (activity.type !== 'exam' && activity.type !== 'classroom_exam') continue;
        if (readsAllSubmissions(access)) {
          readable.add(owner.id);
          continue;
        }
        const settings = examSettings(activity.data);
        const submitted = owner.status === 'submitted';
        // The same rule as reading the submission itself (exam-taking.service getSubmission).
        const theirs =
          owner.examineeId === actor.userId || (Boolean(settings.group_set_id) && owner.inGroup && submitted);
        if (theirs && submissionVisibility(access, settings, submitted).scores) readable.add(owner.id);
      }
      return readable;
    },
  };
}
