import type { z } from 'zod';
import { homeworkSettings, type HomeworkData } from '@lectern/contracts/homework/homework-settings';
import type {
  AnnounceMarkStatusRequestSchema,
  HomeworkDescriptionRequestSchema,
  HomeworkDetail,
  HomeworkRubricRequestSchema,
} from '@lectern/contracts/homework/homework.schemas';
import { announceTimeProblem, isScoreVisibleToStudent } from '@lectern/contracts/homework/homework.rules';
import { deriveActivityStatus } from '@lectern/contracts/activities/activity-status';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { checkActivityData } from '../activities/activity-data.ts';
import { syncActivityImages } from '../activities/activity-images.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { holdNewRubrics } from './homework-data-merge.ts';
import { assertCanSet, permissionsOf } from './homework.policy.ts';
import { homeworkRepository } from './homework.repository.ts';

type DescriptionInput = z.output<typeof HomeworkDescriptionRequestSchema>;
type RubricInput = z.output<typeof HomeworkRubricRequestSchema>;
type AnnounceInput = z.output<typeof AnnounceMarkStatusRequestSchema>;

/** The homework as its pages need it, with the caller's rights. */
export function presentHomework(hw: LoadedHomework, now = new Date()): HomeworkDetail {
  const { activity, settings } = hw;
  const start = activity.startTime?.toISOString() ?? null;
  const end = activity.endTime?.toISOString() ?? null;
  return {
    id: activity.id,
    course_id: activity.courseId,
    title: activity.title,
    description: settings.description ?? '',
    start_time: start,
    end_time: end,
    published: activity.published,
    is_closed: deriveActivityStatus({ start_time: start, end_time: end }, now) === 'expired',
    is_group: Boolean(settings.group_set_id),
    group_set_id: settings.group_set_id ?? null,
    submit_times: settings.submit_times,
    allow_late_submission: settings.allow_late_submission,
    late_submission_end_time: settings.late_submission_end_time ?? null,
    duplicate_check_enabled: settings.duplicate_check_enabled,
    duplicate_check_threshold: settings.duplicate_check_threshold,
    announceScoreType: settings.announceScoreType,
    isAnnounceMark: settings.isAnnounceMark,
    announceScoreTime: settings.announceScoreTime ?? null,
    interScoreMap: settings.interScoreMap ?? null,
    intraScoreMap: settings.intraScoreMap ?? null,
    rubric_id: settings.rubric_id ?? null,
    rubric_visible_type: settings.rubric_visible_type,
    rubric_visible_time: settings.rubric_visible_time ?? null,
    intra_rubric_id: settings.intra_rubric_id ?? null,
    intra_rubric_visible_type: settings.intra_rubric_visible_type,
    intra_rubric_visible_time: settings.intra_rubric_visible_time ?? null,
    completion_criterion_key: activity.completionCriterionKey,
    completion_criterion_value: activity.completionCriterionValue,
    is_score_visible: isScoreVisibleToStudent(settings, now),
    permissions: permissionsOf(hw.access),
    is_simulating: hw.access.simulating,
  };
}

/** Homework settings calls (issue 10 "Homework settings"): description, rubric, score publishing. */
export function homeworkSettingsService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const repo = homeworkRepository(ctx.db);

  async function forSetting(actor: Actor, id: number): Promise<LoadedHomework> {
    const hw = await homework.load(actor, id);
    assertCanSet(hw.access);
    return hw;
  }

  /** Validates the merged data through the activity type registry (sanitising the description). */
  function merged(hw: LoadedHomework, patch: Partial<HomeworkData>): Record<string, unknown> {
    const checked = checkActivityData('homework', { ...hw.activity.data, ...patch });
    if (!checked.ok) throw invalid(checked.fields);
    return checked.data;
  }

  return {
    async detail(actor: Actor, id: number): Promise<HomeworkDetail> {
      return presentHomework(await homework.load(actor, id));
    },

    async description(actor: Actor, id: number, input: DescriptionInput): Promise<HomeworkDetail> {
      const hw = await forSetting(actor, id);
      const data = merged(hw, { description: input.description });
      await ctx.db.transaction(async (tx) => {
        await activities.update(hw.activity.id, { data, updatedAt: new Date() }, tx);
        await syncActivityImages(tx, actor, hw.activity.id, data, '');
      });
      return presentHomework({ ...hw, activity: { ...hw.activity, data }, settings: homeworkSettings(data) });
    },

    /**
     * Only the rubric fields sent change; the rubrics slice counts uses by rubric_id / intra_rubric_id, so
     * a newly attached rubric is held for use in the transaction that stores it.
     */
    async rubric(actor: Actor, id: number, input: RubricInput): Promise<HomeworkDetail> {
      const hw = await forSetting(actor, id);
      const patch: Partial<HomeworkData> = {};
      for (const [key, value] of Object.entries(input)) {
        if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
      }
      const data = merged(hw, patch);
      await ctx.db.transaction(async (tx) => {
        await holdNewRubrics(ctx, actor, hw.activity.data, data, tx);
        await activities.update(hw.activity.id, { data, updatedAt: new Date() }, tx);
      });
      return presentHomework({ ...hw, activity: { ...hw.activity, data }, settings: homeworkSettings(data) });
    },

    /**
     * `PUT /api/homework/{id}/announce-mark-status`: publish or withdraw scores, optionally with a new
     * publishing type and time. Publishing notifies every learner with a hand-in, in the same transaction.
     */
    async announceMarkStatus(actor: Actor, id: number, input: AnnounceInput): Promise<HomeworkDetail> {
      const hw = await forSetting(actor, id);
      const patch: Partial<HomeworkData> = { isAnnounceMark: input.isAnnounceMark };
      if (input.announceScoreType !== undefined) patch.announceScoreType = input.announceScoreType;
      if (input.announceScoreTime !== undefined) patch.announceScoreTime = input.announceScoreTime;
      const data = merged(hw, patch);
      const settings = homeworkSettings(data);
      const problem = announceTimeProblem(settings, hw.activity.endTime?.toISOString() ?? null);
      if (problem) {
        const fields: FieldMessages = { announceScoreTime: [problem] };
        throw invalid(fields);
      }
      const publishing = input.isAnnounceMark === 1 && hw.settings.isAnnounceMark !== 1;
      await ctx.db.transaction(async (tx) => {
        await activities.update(hw.activity.id, { data, updatedAt: new Date() }, tx);
        if (!publishing) return;
        const finals = await repo.finalsOf([hw.activity.id], tx);
        const groupIds = [...new Set(finals.map((f) => f.groupId).filter((g) => g !== null))];
        const members = hw.settings.group_set_id
          ? (await repo.groupsOfSet(hw.settings.group_set_id, tx))
              .filter((g) => groupIds.includes(g.id))
              .flatMap((g) => g.memberIds)
          : [];
        const readers = [...new Set([...finals.map((f) => f.userId).filter((u) => u !== null), ...members])];
        await createNotifications(
          tx,
          readers.map((userId) => ({
            userId,
            orgId: actor.orgId,
            type: 'homework_score_published' as const,
            courseId: hw.activity.courseId,
            activityId: hw.activity.id,
            payload: { title: hw.activity.title },
          })),
        );
      });
      return presentHomework({ ...hw, activity: { ...hw.activity, data }, settings });
    },
  };
}

export type HomeworkSettingsService = ReturnType<typeof homeworkSettingsService>;
