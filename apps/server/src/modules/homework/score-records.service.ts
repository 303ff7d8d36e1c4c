import type { z } from 'zod';
import type {
  ScoreRecordsQuerySchema,
  ScoreRecordsResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { isScoreVisibleToStudent } from '@lectern/contracts/homework/homework.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { readsAllSubmissions } from './homework.policy.ts';
import { presentScoreRecord } from './homework.presenter.ts';
import { homeworkRepository } from './homework.repository.ts';
import { markingReads } from './marking-reads.repository.ts';
import { scoreRecordsRepository } from './score-records.repository.ts';

type RecordsQuery = z.output<typeof ScoreRecordsQuerySchema>;

/** `GET /api/activity/{a}/submitter/{s}/score-records`: the score history of a homework or exam submitter. */
export function scoreRecordsService(ctx: AppContext) {
  const activities = activityAccess(ctx.db);
  const records = scoreRecordsRepository(ctx.db);
  const homework = homeworkRepository(ctx.db);
  const reads = markingReads(ctx.db);

  return {
    async list(
      actor: Actor,
      activityId: number,
      submitterId: number,
      query: RecordsQuery,
    ): Promise<ScoreRecordsResponse> {
      const { activity, access } = await activities.loadVisible(actor, activityId);
      const isHomework = activity.type === 'homework';
      if (!isHomework && activity.type !== 'exam' && activity.type !== 'classroom_exam') {
        throw notFound('activities.notFound');
      }
      const settings = isHomework ? homeworkSettings(activity.data) : undefined;
      // Group homework is scored per group: its submitter ids are group ids. Exams record per examinee.
      const byGroup = Boolean(settings?.group_set_id);
      if (!readsAllSubmissions(access)) {
        // A student reads their own history once homework scores are published to them; exams stay with
        // the teaching team.
        const own = byGroup
          ? (await homework.groupOf(settings?.group_set_id ?? 0, actor.userId)) === submitterId
          : submitterId === actor.userId;
        if (!settings || !own || !isScoreVisibleToStudent(settings))
          throw notFound('homework.submitterNotFound');
      }
      const offset = (query.page - 1) * query.page_size;
      const filter = {
        activityId,
        userId: byGroup ? null : submitterId,
        groupId: byGroup ? submitterId : null,
      };
      const found = await reads.scorePage(filter, { limit: query.page_size, offset });
      // Past the last page no row carries the total: count it on its own.
      const rows = found.rows;
      const total =
        found.total ?? (offset > 0 ? (await records.page(filter, { limit: 1, offset: 0 })).total : 0);
      return {
        records: rows.map(presentScoreRecord),
        page: query.page,
        page_size: query.page_size,
        pages: Math.max(1, Math.ceil(total / query.page_size)),
        total,
        start: rows.length > 0 ? offset + 1 : 0,
        end: offset + rows.length,
      };
    },
  };
}
