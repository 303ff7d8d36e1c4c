import type { z } from 'zod';
import type {
  CreateSubmissionRequestSchema,
  CreateSubmissionResponse,
  HomeworkActivitiesQuerySchema,
  HomeworkActivitiesResponse,
  HomeworkActivity,
  HomeworkScoreResponse,
  SubmissionListResponse,
  SubmissionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import {
  HOMEWORK_STATUS,
  isScoreVisibleToStudent,
  submissionsLeft,
} from '@lectern/contracts/homework/homework.rules';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import { deriveActivityStatus } from '@lectern/contracts/activities/activity-status';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { can } from '../courses/courses.policy.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { homeworkHandIn } from './homework-hand-in.ts';
import { homeworkViews, presentSubmissions, single, type ResolvedSubmitter } from './homework-views.ts';
import { markingReads } from './marking-reads.repository.ts';
import { assertCanHandIn, canReadWork, permissionsOf, readsAllSubmissions } from './homework.policy.ts';
import { presentSubmitter, type SubmitterIdentity } from './homework.presenter.ts';
import { homeworkRepository, groupKey, studentKey } from './homework.repository.ts';

type CreateInput = z.output<typeof CreateSubmissionRequestSchema>;
type ActivitiesQuery = z.output<typeof HomeworkActivitiesQuerySchema>;

/** Handing in and reading submissions (issue 10 "Submitting"). */
export function homeworkSubmissionsService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const repo = homeworkRepository(ctx.db);
  const views = homeworkViews(ctx.db);
  const handIns = homeworkHandIn(ctx.db);
  const courses = courseAccess(ctx.db);
  const reads = markingReads(ctx.db);

  async function identityOf(owner: ResolvedSubmitter): Promise<SubmitterIdentity> {
    if (owner.key.groupId !== null) {
      const names = await repo.groupNames([owner.key.groupId]);
      return {
        id: owner.key.groupId,
        kind: 'group',
        name: names.get(owner.key.groupId) ?? '',
        userNo: null,
        memberIds: owner.memberIds,
      };
    }
    const person = (await repo.people([owner.key.userId])).get(owner.key.userId);
    return {
      id: owner.key.userId,
      kind: 'student',
      name: person?.name ?? '',
      userNo: person?.userNo ?? null,
      memberIds: owner.memberIds,
    };
  }

  /** The caller's own submitter on this homework (their group's for group homework). */
  async function ownSubmitter(hw: LoadedHomework, userId: number): Promise<ResolvedSubmitter> {
    if (hw.settings.group_set_id) {
      const groupId = await repo.groupOf(hw.settings.group_set_id, userId);
      if (!groupId) throw forbidden('homework.notInGroup');
      const group = await repo.findGroup(groupId);
      return { key: groupKey(groupId), memberIds: group?.memberIds ?? [userId] };
    }
    return { key: studentKey(userId), memberIds: [userId] };
  }

  /** The latest hand-in and (for its owners) the draft of one submitter, as the caller may see them. */
  async function submissionOf(hw: LoadedHomework, owner: ResolvedSubmitter): Promise<SubmissionResponse> {
    const state = await repo.findSubmitter(hw.activity.id, owner.key);
    const all = await repo.submissionsOf(hw.activity.id, owner.key, { withDraft: true });
    const latest = all.filter((s) => !s.isDraft).at(-1);
    const isOwner = owner.memberIds.includes(hw.access.userId);
    if (
      !canReadWork(
        hw.access,
        { userId: owner.key.userId, memberIds: owner.memberIds },
        Boolean(latest?.recommend),
      )
    ) {
      throw notFound('homework.submissionNotFound');
    }
    const draft = isOwner ? all.find((s) => s.isDraft) : undefined;
    const seesScores = views.seesScores(hw, owner);
    const [latestView, draftView] = await views
      .present(
        [latest, draft].filter((s) => s !== undefined),
        () => seesScores,
      )
      .then((list) => {
        const byId = new Map(list.map((s) => [s.id, s]));
        return [latest ? byId.get(latest.id) : undefined, draft ? byId.get(draft.id) : undefined];
      });
    return {
      submission: latestView ?? null,
      draft: draftView ?? null,
      submitter: presentSubmitter(
        await identityOf(owner),
        state,
        latest,
        seesScores,
        latestView?.uploads.map((u) => u.upload_id) ?? [],
      ),
      submissions_left: submissionsLeft(
        hw.settings.submit_times,
        state?.lastVersion ?? 0,
        state?.redoGranted ?? 0,
      ),
      permissions: permissionsOf(hw.access),
    };
  }

  /** Every version of one submitter: the teaching team sees them all, owners their own. */
  async function listOf(hw: LoadedHomework, owner: ResolvedSubmitter): Promise<SubmissionListResponse> {
    const isOwner = owner.memberIds.includes(hw.access.userId);
    if (!readsAllSubmissions(hw.access) && !isOwner) throw notFound('homework.submissionNotFound');
    const rows = await repo.submissionsOf(hw.activity.id, owner.key, { withDraft: isOwner });
    const seesScores = views.seesScores(hw, owner);
    return { submissions: await views.present(rows, () => seesScores) };
  }

  return {
    /**
     * `POST /api/course/activities/{id}/submissions`: a draft save or a hand-in by a learner. Refused after
     * the deadline (without a make-up window or late policy), beyond the allowed count, for non-members and
     * for unpublished homework; what is stored stays as it was.
     */
    async submit(actor: Actor, id: number, input: CreateInput): Promise<CreateSubmissionResponse> {
      const hw = await homework.loadForHandIn(actor, id);
      assertCanHandIn(hw.access);
      const owner = await ownSubmitter(hw, actor.userId);
      const result = await handIns.handIn(
        hw,
        owner,
        { comment: input.comment, uploads: input.uploads, slides: input.slides },
        { draft: input.is_draft, operatorId: actor.userId, orgId: actor.orgId, onBehalf: false },
      );
      const seesScores = views.seesScores(hw, owner);
      const submission = single(await views.present([result.submission], () => seesScores));
      const latest = result.submission.isDraft
        ? await repo.latestFinal(hw.activity.id, owner.key)
        : result.submission;
      const latestFiles =
        latest === result.submission
          ? submission.uploads.map((u) => u.upload_id)
          : latest
            ? ((await repo.liveUploadIdsOf([latest.id])).get(latest.id) ?? [])
            : [];
      return {
        submission,
        submitter: presentSubmitter(
          await identityOf(owner),
          result.submitter,
          latest,
          seesScores,
          latestFiles,
        ),
      };
    },

    async studentSubmission(actor: Actor, id: number, studentId: number): Promise<SubmissionResponse> {
      const hw = await homework.load(actor, id);
      return submissionOf(hw, await views.submitterOfStudent(hw, studentId));
    },

    async groupSubmission(actor: Actor, id: number, groupId: number): Promise<SubmissionResponse> {
      const hw = await homework.load(actor, id);
      return submissionOf(hw, await views.submitterOfGroup(hw, groupId));
    },

    async studentSubmissionList(
      actor: Actor,
      id: number,
      studentId: number,
    ): Promise<SubmissionListResponse> {
      const hw = await homework.load(actor, id);
      const isOwner = studentId === actor.userId;
      if (hw.settings.group_set_id || (!readsAllSubmissions(hw.access) && !isOwner)) {
        return listOf(hw, await views.submitterOfStudent(hw, studentId));
      }
      // Individual work is the student's own: the marking dialog asks for it for every student it moves
      // to, so the learner check and the reads go out together, as prepared statements.
      const work = await reads.studentWork(hw.activity.courseId, hw.activity.id, studentId, isOwner);
      if (!work.learner) throw notFound('homework.submitterNotFound');
      const seesScores = views.seesScores(hw, { key: studentKey(studentId), memberIds: [studentId] });
      return {
        submissions: presentSubmissions(
          work.rows,
          { references: work.references, people: work.people, groupNames: new Map() },
          () => seesScores,
        ),
      };
    },

    async groupSubmissionList(actor: Actor, id: number, groupId: number): Promise<SubmissionListResponse> {
      const hw = await homework.load(actor, id);
      return listOf(hw, await views.submitterOfGroup(hw, groupId));
    },

    /** `GET /api/activities/{a}/students/{u}/homework-score`: the teaching team, or the student themself. */
    async homeworkScore(actor: Actor, id: number, studentId: number): Promise<HomeworkScoreResponse> {
      const hw = await homework.load(actor, id);
      if (!readsAllSubmissions(hw.access) && studentId !== actor.userId) {
        throw notFound('homework.submissionNotFound');
      }
      const owner = await views.submitterOfStudent(hw, studentId);
      const [state, latest] = await Promise.all([
        repo.findSubmitter(hw.activity.id, owner.key),
        repo.latestFinal(hw.activity.id, owner.key),
      ]);
      const visible = views.seesScores(hw, owner);
      return {
        activity_id: hw.activity.id,
        student_id: studentId,
        submission_id: latest?.id ?? null,
        score: visible ? (latest?.score ?? null) : null,
        final_score: visible ? (latest?.finalScore ?? null) : null,
        is_score_visible: visible,
        status: presentSubmitter(
          { id: studentId, kind: 'student', name: '', userNo: null, memberIds: owner.memberIds },
          state,
          latest,
          visible,
          [],
        ).status,
      };
    },

    /** `GET /api/courses/{id}/homework-activities`: the course's homework with where the viewer stands. */
    async homeworkActivities(
      actor: Actor,
      courseId: number,
      query: ActivitiesQuery,
    ): Promise<HomeworkActivitiesResponse> {
      const access = await courses.load(actor, courseId);
      const teaching = can(access, 'activity.read_unpublished');
      const now = new Date();
      const keyword =
        typeof query.conditions.keyword === 'string' ? query.conditions.keyword.trim().toLowerCase() : '';
      const closedFilter = query.conditions.is_closed;
      const rows = (await repo.homeworkOfCourse(courseId, !teaching)).filter((a) => {
        if (keyword && !a.title.toLowerCase().includes(keyword)) return false;
        const closed =
          deriveActivityStatus(
            { start_time: a.startTime?.toISOString() ?? null, end_time: a.endTime?.toISOString() ?? null },
            now,
          ) === 'expired';
        return typeof closedFilter !== 'boolean' || closedFilter === closed;
      });
      const ids = rows.map((r) => r.id);
      const [states, finals, learners, myGroups] = await Promise.all([
        repo.submittersAmong(ids),
        repo.finalsOf(ids),
        repo.learners(courseId),
        repo.groupsOfUser(actor.userId),
      ]);
      const groupCounts = new Map<number, number>();
      for (const groupSetId of new Set(rows.map((r) => homeworkSettings(r.data).group_set_id ?? 0))) {
        if (groupSetId) groupCounts.set(groupSetId, (await repo.groupsOfSet(groupSetId)).length);
      }
      let items: HomeworkActivity[] = rows.map((activity) => {
        const settings = homeworkSettings(activity.data);
        const groupId = settings.group_set_id ? myGroups.get(settings.group_set_id) : undefined;
        const mine = states.find(
          (s) =>
            s.activityId === activity.id &&
            (settings.group_set_id
              ? groupId !== undefined && s.groupId === groupId
              : s.userId === actor.userId),
        );
        const handedIn = (status: number) =>
          status === HOMEWORK_STATUS.submitted || status === HOMEWORK_STATUS.makeUp;
        const myLatest = mine
          ? finals
              .filter(
                (f) =>
                  f.activityId === activity.id &&
                  (mine.groupId ? f.groupId === mine.groupId : f.userId === mine.userId),
              )
              .at(-1)
          : undefined;
        const hasSubmitted = Boolean(mine && handedIn(mine.status));
        const scoreVisible = isScoreVisibleToStudent(settings, now);
        return {
          id: activity.id,
          title: activity.title,
          start_time: activity.startTime?.toISOString() ?? null,
          deadline: activity.endTime?.toISOString() ?? null,
          published: activity.published,
          is_closed:
            deriveActivityStatus(
              {
                start_time: activity.startTime?.toISOString() ?? null,
                end_time: activity.endTime?.toISOString() ?? null,
              },
              now,
            ) === 'expired',
          is_group: Boolean(settings.group_set_id),
          submitted: teaching
            ? states.filter((s) => s.activityId === activity.id && handedIn(s.status)).length
            : hasSubmitted
              ? 1
              : 0,
          submitter_count: settings.group_set_id
            ? (groupCounts.get(settings.group_set_id) ?? 0)
            : learners.length,
          has_submitted: hasSubmitted,
          score: !teaching && scoreVisible ? (myLatest?.finalScore ?? myLatest?.score ?? null) : null,
          status: teaching
            ? null
            : ((mine?.status ?? HOMEWORK_STATUS.unsubmitted) as HomeworkActivity['status']),
        };
      });
      if (typeof query.conditions.has_submitted === 'boolean') {
        items = items.filter((i) => i.has_submitted === query.conditions.has_submitted);
      }
      const meta = pageMeta(query, items.length);
      const start = (query.page - 1) * query.page_size;
      return { homework_activities: items.slice(start, start + query.page_size), ...meta };
    },
  };
}

export type HomeworkSubmissionsService = ReturnType<typeof homeworkSubmissionsService>;
