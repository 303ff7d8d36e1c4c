import type { z } from 'zod';
import type {
  GiveInterScoreRequestSchema,
  GiveIntraScoreRequestSchema,
  InterScoresResponse,
  IntraScoresResponse,
  IntraSubmissionResponse,
  PeerScore,
} from '@lectern/contracts/homework/homework.schemas';
import { parseHomeworkScore } from '@lectern/contracts/homework/homework.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { homeworkAccess, type LoadedHomework } from './homework-access.ts';
import { single } from './homework-views.ts';
import { assertCanHandIn, readsAllSubmissions } from './homework.policy.ts';
import { presentPeerScore } from './homework.presenter.ts';
import { groupKey, homeworkRepository, type PeerScoreRow } from './homework.repository.ts';

type InterInput = z.output<typeof GiveInterScoreRequestSchema>;
type IntraInput = z.output<typeof GiveIntraScoreRequestSchema>;

/**
 * Peer scores of group homework: inter-group (a student scores another group's hand-in) and intra-group
 * (members score each other), each on when the homework's interScoreMap / intraScoreMap is set.
 */
export function homeworkPeerScoresService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const repo = homeworkRepository(ctx.db);

  async function present(rows: readonly PeerScoreRow[]): Promise<PeerScore[]> {
    const people = await repo.people(rows.map((r) => r.scorerId));
    return rows.map((r) => presentPeerScore(r, people));
  }

  /** The caller's group in this group homework; refused when peer scoring of this kind is off. */
  async function scorerGroup(hw: LoadedHomework, kind: 'inter' | 'intra', userId: number): Promise<number> {
    const enabled = kind === 'inter' ? hw.settings.interScoreMap : hw.settings.intraScoreMap;
    const groupSetId = hw.settings.group_set_id;
    if (!groupSetId || !enabled) throw forbidden('homework.peerScoreNotAllowed');
    assertCanHandIn(hw.access);
    const groupId = await repo.groupOf(groupSetId, userId);
    if (!groupId) throw forbidden('homework.notInGroup');
    return groupId;
  }

  return {
    /** Every inter-group score for the teaching team; a student those they gave or their group received. */
    async interScores(actor: Actor, id: number): Promise<InterScoresResponse> {
      const hw = await homework.load(actor, id);
      const all = await repo.peerScores(hw.activity.id, 'inter', {});
      if (readsAllSubmissions(hw.access)) return { inter_scores: await present(all) };
      const mine = hw.settings.group_set_id
        ? await repo.groupOf(hw.settings.group_set_id, actor.userId)
        : undefined;
      return {
        inter_scores: await present(all.filter((r) => r.scorerId === actor.userId || r.groupId === mine)),
      };
    },

    async intraScores(actor: Actor, id: number): Promise<IntraScoresResponse> {
      const hw = await homework.load(actor, id);
      const all = await repo.peerScores(hw.activity.id, 'intra', {});
      if (readsAllSubmissions(hw.access)) return { intra_scores: await present(all) };
      return {
        intra_scores: await present(
          all.filter((r) => r.scorerId === actor.userId || r.targetUserId === actor.userId),
        ),
      };
    },

    async giveInter(actor: Actor, id: number, input: InterInput): Promise<PeerScore> {
      const hw = await homework.load(actor, id);
      const own = await scorerGroup(hw, 'inter', actor.userId);
      const target = await repo.findGroup(input.group_id);
      if (!target || target.groupSetId !== hw.settings.group_set_id || target.id === own) {
        throw forbidden('homework.peerScoreNotAllowed');
      }
      if (!(await repo.latestFinal(hw.activity.id, groupKey(target.id))))
        throw forbidden('homework.peerScoreNotAllowed');
      const row = await ctx.db.transaction(async (tx) => {
        // The scorer's group row serialises its members' scoring, so a double click never stores two.
        await repo.lockSubmitter(hw.activity.id, groupKey(own), tx);
        return repo.upsertPeerScore(
          {
            activityId: hw.activity.id,
            kind: 'inter',
            scorerId: actor.userId,
            groupId: target.id,
            targetUserId: null,
            score: parseHomeworkScore(input.score),
            comment: input.comment ?? null,
            rubricScore: input.rubric_score ?? null,
          },
          tx,
        );
      });
      return single(await present([row]));
    },

    async giveIntra(actor: Actor, id: number, input: IntraInput): Promise<PeerScore> {
      const hw = await homework.load(actor, id);
      const own = await scorerGroup(hw, 'intra', actor.userId);
      const group = await repo.findGroup(own);
      if (!group?.memberIds.includes(input.user_id) || input.user_id === actor.userId) {
        throw forbidden('homework.peerScoreNotAllowed');
      }
      const row = await ctx.db.transaction(async (tx) => {
        // The scorer's group row serialises its members' scoring, so a double click never stores two.
        await repo.lockSubmitter(hw.activity.id, groupKey(own), tx);
        return repo.upsertPeerScore(
          {
            activityId: hw.activity.id,
            kind: 'intra',
            scorerId: actor.userId,
            groupId: own,
            targetUserId: input.user_id,
            score: parseHomeworkScore(input.score),
            comment: input.comment ?? null,
            rubricScore: input.rubric_score ?? null,
          },
          tx,
        );
      });
      return single(await present([row]));
    },

    /** `GET /api/activities/{id}/group/{g}/intra_submission`: the teaching team, or a member of the group. */
    async intraSubmission(actor: Actor, id: number, groupId: number): Promise<IntraSubmissionResponse> {
      const hw = await homework.load(actor, id);
      const group = await repo.findGroup(groupId);
      if (!hw.settings.group_set_id || !group || group.groupSetId !== hw.settings.group_set_id) {
        throw notFound('homework.submitterNotFound');
      }
      if (!readsAllSubmissions(hw.access) && !group.memberIds.includes(actor.userId)) {
        throw notFound('homework.submitterNotFound');
      }
      const [people, rows] = await Promise.all([
        repo.people(group.memberIds),
        repo.peerScores(hw.activity.id, 'intra', { groupId }),
      ]);
      const members = group.memberIds
        .map((memberId) => people.get(memberId))
        .filter((p) => p !== undefined)
        .map((p) => ({ id: p.id, name: p.name, user_no: p.userNo }));
      return {
        group: { id: group.id, name: group.name },
        members,
        intra_scores: await present(rows),
        averages: members.map((m) => {
          const received = rows.filter((r) => r.targetUserId === m.id).map((r) => r.score);
          return {
            user_id: m.id,
            average:
              received.length > 0
                ? Math.round((received.reduce((a, b) => a + b, 0) / received.length) * 10) / 10
                : null,
          };
        }),
      };
    },
  };
}
