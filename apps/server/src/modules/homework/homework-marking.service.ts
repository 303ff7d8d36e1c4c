import type { z } from 'zod';
import type {
  GiveHomeworkScoreRequestSchema,
  HomeworkSubmission,
  HomeworkSubmitter,
  MakeUpRequestSchema,
  RecommendedSubmissionsResponseSchema,
  SubmitOnBehalfRequestSchema,
  SubmittersActionResponse,
  SubmittersQuerySchema,
  SubmittersResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { HOMEWORK_STATUS, parseHomeworkScore } from '@lectern/contracts/homework/homework.rules';
import type { RubricScore } from '@lectern/contracts/homework/homework.schemas';
import { scoreFromSelection } from '@lectern/contracts/rubrics/rubric.rules';
import type { NotificationType } from '@lectern/contracts/notifications/notifications.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { rubricsService } from '../rubrics/rubrics.service.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { homeworkHandIn } from './homework-hand-in.ts';
import { homeworkViews, single, type ResolvedSubmitter } from './homework-views.ts';
import { assertCanMark, permissionsOf, readsAllSubmissions } from './homework.policy.ts';
import { presentSubmitter, type SubmitterIdentity } from './homework.presenter.ts';
import {
  groupKey,
  homeworkRepository,
  studentKey,
  type SubmissionRow,
  type SubmitterRow,
} from './homework.repository.ts';
import { recordScoreChanges } from './score-records.repository.ts';

type ScoreInput = z.output<typeof GiveHomeworkScoreRequestSchema>;
type SubmittersQuery = z.output<typeof SubmittersQuerySchema>;
type MakeUpInput = z.output<typeof MakeUpRequestSchema>;
type OnBehalfInput = z.output<typeof SubmitOnBehalfRequestSchema>;
type RecommendedResponse = z.infer<typeof RecommendedSubmissionsResponseSchema>;

/** Instructor actions on chosen submitters: what each does to the submitter row, and whom it notifies. */
type Action = 'redo' | 'remind' | 'mark_unsubmitted' | 'recommend' | 'unrecommend';

const NOTIFIES: Partial<Record<Action, NotificationType>> = {
  redo: 'homework_redo',
  remind: 'homework_remind',
};

/** Marking (issue 10 "Marking"): the marking list, scores and comments, and the instructor actions. */
export function homeworkMarkingService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const repo = homeworkRepository(ctx.db);
  const views = homeworkViews(ctx.db);
  const handIns = homeworkHandIn(ctx.db);

  /** Everyone expected to hand in: the course's learners, or the groups of the homework's group set. */
  async function roster(hw: LoadedHomework, tx: Executor = ctx.db): Promise<SubmitterIdentity[]> {
    if (hw.settings.group_set_id) {
      const groups = await repo.groupsOfSet(hw.settings.group_set_id, tx);
      return groups.map((g) => ({
        id: g.id,
        kind: 'group',
        name: g.name,
        userNo: null,
        memberIds: g.memberIds,
      }));
    }
    const learners = await repo.learners(hw.activity.courseId, tx);
    return learners.map((p) => ({
      id: p.id,
      kind: 'student',
      name: p.name,
      userNo: p.userNo,
      memberIds: [p.id],
    }));
  }

  async function presentRoster(
    hw: LoadedHomework,
    only?: ReadonlySet<number>,
    tx: Executor = ctx.db,
  ): Promise<HomeworkSubmitter[]> {
    const [people, states, finals] = await Promise.all([
      roster(hw, tx),
      repo.submittersOf(hw.activity.id, tx),
      repo.finalsOf([hw.activity.id], tx),
    ]);
    const idOf = (row: { userId: number | null; groupId: number | null }) => row.groupId ?? row.userId ?? 0;
    const stateById = new Map(states.map((s) => [idOf(s), s]));
    const latestById = new Map<number, SubmissionRow>();
    for (const row of finals) latestById.set(idOf(row), row);
    const shown = people.filter((p) => !only || only.has(p.id));
    // One read for every listed submitter's files (download all zips them in one request).
    const files = await repo.liveUploadIdsOf(
      shown.flatMap((p) => latestById.get(p.id)?.id ?? []),
      tx,
    );
    return shown.map((p) => {
      const latest = latestById.get(p.id);
      return presentSubmitter(
        p,
        stateById.get(p.id),
        latest,
        true,
        latest ? (files.get(latest.id) ?? []) : [],
      );
    });
  }

  async function forMarking(actor: Actor, id: number): Promise<LoadedHomework> {
    const hw = await homework.load(actor, id);
    assertCanMark(hw.access);
    return hw;
  }

  /** The chosen submitters, each checked to belong to the homework. */
  async function chosen(hw: LoadedHomework, ids: readonly number[]): Promise<ResolvedSubmitter[]> {
    const people = await roster(hw);
    const known = new Map(people.map((p) => [p.id, p]));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw invalid({ submitter_ids: ['homework.submitterNotFound'] });
    // Locked in id order, so two actions on overlapping students never wait on each other in a cycle.
    return [...new Set(ids)]
      .sort((a, b) => a - b)
      .map((id) => ({
        key: hw.settings.group_set_id ? groupKey(id) : studentKey(id),
        memberIds: known.get(id)?.memberIds ?? [id],
      }));
  }

  function notificationsFor(
    hw: LoadedHomework,
    actor: Actor,
    type: NotificationType,
    userIds: readonly number[],
    endTime?: Date | null,
  ) {
    const payload = {
      title: hw.activity.title,
      ...(endTime ? { end_time: endTime.toISOString() } : {}),
    };
    return [...new Set(userIds)].map((userId) => ({
      userId,
      orgId: actor.orgId,
      type,
      courseId: hw.activity.courseId,
      activityId: hw.activity.id,
      payload,
    }));
  }

  async function applyAction(
    actor: Actor,
    id: number,
    submitterIds: readonly number[],
    action: Action,
  ): Promise<SubmittersActionResponse> {
    const hw = await forMarking(actor, id);
    const targets = await chosen(hw, submitterIds);
    await ctx.db.transaction(async (tx) => {
      for (const target of targets) {
        const state = await repo.lockSubmitter(hw.activity.id, target.key, tx);
        const latest = await repo.latestFinal(hw.activity.id, target.key, tx);
        await applyOne(action, state, latest, tx);
      }
      const type = NOTIFIES[action];
      if (type) {
        await createNotifications(
          tx,
          notificationsFor(
            hw,
            actor,
            type,
            targets.flatMap((t) => t.memberIds),
            hw.activity.endTime,
          ),
        );
      }
    });
    return { submitters: await presentRoster(hw, new Set(submitterIds)) };
  }

  async function applyOne(
    action: Action,
    state: SubmitterRow,
    latest: SubmissionRow | undefined,
    tx: Executor,
  ): Promise<void> {
    switch (action) {
      case 'redo':
        // One more hand-in beyond the allowance; the student sees the redo status until they hand in.
        await repo.updateSubmitter(
          state.id,
          { status: HOMEWORK_STATUS.redo, redoGranted: state.redoGranted + 1 },
          tx,
        );
        return;
      case 'remind':
        await repo.updateSubmitter(state.id, { remindedAt: new Date() }, tx);
        return;
      case 'mark_unsubmitted':
        // The versions stay (nothing stored is lost); the work counts as not handed in, and may be again.
        await repo.updateSubmitter(
          state.id,
          { status: HOMEWORK_STATUS.unsubmitted, redoGranted: state.redoGranted + 1 },
          tx,
        );
        return;
      case 'recommend':
      case 'unrecommend': {
        const recommend = action === 'recommend';
        if (recommend && !latest) throw invalid({ submitter_ids: ['homework.notSubmitted'] });
        await repo.updateSubmitter(state.id, { recommend }, tx);
        if (latest) await repo.setRecommend([latest.id], recommend, tx);
        return;
      }
    }
  }

  /**
   * A rubric score is checked against the homework's rubric and stored with each criterion's name and
   * level score, so the student's view and the score records keep showing what was chosen even if the
   * rubric's wording changes later. Its total stands in for the score when none is typed.
   */
  async function checkedRubricScore(
    hw: LoadedHomework,
    given: RubricScore,
    tx: Executor,
  ): Promise<{ items: RubricScore; total: number } | null> {
    if (given.length === 0) return null;
    const rubricId = hw.settings.rubric_id;
    const conditions = rubricId ? await rubricsService(ctx).conditionsForMarking(rubricId, tx) : null;
    if (!conditions) throw invalid({ rubric_score: ['homework.rubricScoreInvalid'] });
    const selection = given.map((item) => ({
      condition_index: item.condition_index ?? -1,
      level_index: item.level_index ?? -1,
    }));
    const result = scoreFromSelection({ conditions }, selection);
    if (result.kind === 'incomplete') throw invalid({ rubric_score: ['homework.notAllRubricSelected'] });
    if (result.kind === 'invalid') throw invalid({ rubric_score: ['homework.rubricScoreInvalid'] });
    // scoreFromSelection has checked every index, so each criterion and level is there.
    const items = selection.map(({ condition_index, level_index }) => {
      const condition = conditions[condition_index];
      return {
        condition_index,
        level_index,
        name: condition?.name ?? '',
        score: condition?.levels[level_index]?.score ?? null,
      };
    });
    return { items, total: result.score };
  }

  return {
    /** `GET /api/homework/{id}/submitters`: the marking list with status and mark status filters. */
    async submitters(actor: Actor, id: number, query: SubmittersQuery): Promise<SubmittersResponse> {
      const hw = await homework.load(actor, id);
      if (!readsAllSubmissions(hw.access)) throw notFound('homework.notFound');
      const statuses = new Set<number>(query.statuses);
      const list = (await presentRoster(hw)).filter(
        (s) =>
          (query.mark_status === 'all' || s.mark_status === query.mark_status) &&
          (statuses.size === 0 || statuses.has(s.status)),
      );
      return { submitters: list, permissions: permissionsOf(hw.access) };
    },

    /**
     * `PUT /api/course/activities/{id}/submission/score`: score, final score, comment and rubric score of
     * one hand-in. Every change of a score is recorded in the same transaction.
     */
    async giveScore(actor: Actor, id: number, input: ScoreInput): Promise<HomeworkSubmission> {
      const hw = await forMarking(actor, id);
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await repo.lockSubmission(input.id, tx);
        if (!row || row.activityId !== hw.activity.id) throw notFound('homework.submissionNotFound');
        if (row.isDraft) throw invalid({ id: ['homework.notSubmitted'] });
        const rubric = input.rubric_score ? await checkedRubricScore(hw, input.rubric_score, tx) : null;
        const score =
          input.score === undefined
            ? (rubric?.total ?? row.score)
            : input.score === null
              ? null
              : parseHomeworkScore(input.score);
        const finalScore =
          input.final_score !== undefined
            ? input.final_score === null
              ? null
              : parseHomeworkScore(input.final_score)
            : input.score !== undefined || rubric
              ? score
              : row.finalScore;
        const scored = score !== null || finalScore !== null;
        const next = await repo.updateSubmission(
          row.id,
          {
            score,
            finalScore,
            ...(input.instructor_comment !== undefined
              ? { instructorComment: input.instructor_comment }
              : {}),
            ...(input.rubric_score !== undefined ? { rubricScore: rubric?.items ?? null } : {}),
            markedBy: scored ? actor.userId : null,
            markedAt: scored ? new Date() : null,
          },
          tx,
        );
        await recordScoreChanges(tx, actor.userId, [
          {
            activityId: hw.activity.id,
            userId: row.userId,
            groupId: row.groupId,
            version: row.version,
            scoreMethod: rubric ? 'rubric' : 'manual',
            oldScore: row.score,
            score,
            oldFinalScore: row.finalScore,
            finalScore,
          },
        ]);
        return next;
      });
      return single(await views.present([updated], () => true));
    },

    redo: (actor: Actor, id: number, ids: readonly number[]) => applyAction(actor, id, ids, 'redo'),
    remind: (actor: Actor, id: number, ids: readonly number[]) => applyAction(actor, id, ids, 'remind'),
    markUnsubmitted: (actor: Actor, id: number, ids: readonly number[]) =>
      applyAction(actor, id, ids, 'mark_unsubmitted'),
    recommend: (actor: Actor, id: number, ids: readonly number[], on: boolean) =>
      applyAction(actor, id, ids, on ? 'recommend' : 'unrecommend'),

    /** `POST /api/homework/{id}/make-up`: a late window until end_time for the chosen submitters. */
    async makeUp(actor: Actor, id: number, input: MakeUpInput): Promise<SubmittersActionResponse> {
      const hw = await forMarking(actor, id);
      const end = new Date(input.end_time);
      if (end.getTime() <= Date.now()) throw invalid({ end_time: ['homework.makeUpEndInPast'] });
      const targets = await chosen(hw, input.submitter_ids);
      await ctx.db.transaction(async (tx) => {
        for (const target of targets) {
          const state = await repo.lockSubmitter(hw.activity.id, target.key, tx);
          const handedIn =
            state.status === HOMEWORK_STATUS.submitted || state.status === HOMEWORK_STATUS.makeUp;
          await repo.updateSubmitter(
            state.id,
            {
              makeUpEndTime: end,
              ...(handedIn ? {} : { status: HOMEWORK_STATUS.askedMakeUp }),
              // A make-up is a chance to hand in: one more if the allowance is used up.
              ...(hw.settings.submit_times !== null &&
              state.lastVersion >= hw.settings.submit_times + state.redoGranted
                ? { redoGranted: state.redoGranted + 1 }
                : {}),
            },
            tx,
          );
        }
        await createNotifications(
          tx,
          notificationsFor(
            hw,
            actor,
            'homework_make_up',
            targets.flatMap((t) => t.memberIds),
            end,
          ),
        );
      });
      return { submitters: await presentRoster(hw, new Set(input.submitter_ids)) };
    },

    /** `POST /api/homework/{id}/submit-on-behalf`: an instructor hands in for a student (or group). */
    async submitOnBehalf(actor: Actor, id: number, input: OnBehalfInput): Promise<HomeworkSubmission> {
      const hw = await forMarking(actor, id);
      const owner = single(await chosen(hw, [input.submitter_id]));
      const result = await handIns.handIn(
        hw,
        owner,
        { comment: input.comment, uploads: input.uploads, slides: input.slides },
        { draft: false, operatorId: actor.userId, orgId: actor.orgId, onBehalf: true },
      );
      return single(await views.present([result.submission], () => true));
    },

    /** `GET /api/homework/{id}/recommended-submissions`: recommended work, for everyone in the course. */
    async recommended(actor: Actor, id: number): Promise<RecommendedResponse> {
      const hw = await homework.load(actor, id);
      const rows = await repo.recommended(hw.activity.id);
      const teaching = readsAllSubmissions(hw.access);
      const seesOwn = (row: SubmissionRow) =>
        views.seesScores(hw, {
          key: row.groupId !== null ? groupKey(row.groupId) : studentKey(row.userId ?? 0),
          memberIds: row.userId !== null ? [row.userId] : [],
        });
      return { submissions: await views.present(rows, (row) => teaching || seesOwn(row)) };
    },
  };
}

export type HomeworkMarkingService = ReturnType<typeof homeworkMarkingService>;
