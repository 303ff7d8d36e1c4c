import type { z } from 'zod';
import type { CastVoteRequestSchema, VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { checkBallot, VoteDataSchema, type VoteData } from '@lectern/contracts/votes/vote-settings';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { assertCanVote, canVote, seesResults } from './votes.policy.ts';
import { presentVote, presentVoter, voteStatus } from './votes.presenter.ts';
import { votesRepository } from './votes.repository.ts';

type CastInput = z.output<typeof CastVoteRequestSchema>;
type LoadedVote = { activity: ActivityRow; data: VoteData; access: CourseAccess };

export function votesService(ctx: AppContext, push: PushBus) {
  const activities = activitiesRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const repo = votesRepository(ctx.db);

  /** A vote the caller may see; anything else (another type, a draft, another organisation) is not there. */
  async function load(actor: Actor, id: number): Promise<LoadedVote> {
    const activity = await activities.findById(id);
    if (!activity || activity.type !== 'vote') throw notFound('votes.notFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('votes.notFound');
    const parsed = VoteDataSchema.safeParse(activity.data);
    if (!parsed.success) throw notFound('votes.notFound');
    return { activity, data: parsed.data, access };
  }

  async function present(actor: Actor, { activity, data, access }: LoadedVote): Promise<VoteResponse> {
    const status = voteStatus(activity, new Date());
    const team = seesResults(access);
    const [counts, studentCount, mine, everyone] = await Promise.all([
      repo.counts(activity.id),
      repo.studentCount(activity.courseId),
      team ? undefined : repo.findBallot(activity.id, actor.userId),
      // Who chose what only ever leaves for the teaching team of a named vote.
      team && !data.is_anonymous ? repo.namedBallots(activity.id) : undefined,
    ]);
    const students = everyone ? everyone.map(presentVoter) : mine ? [presentVoter(mine)] : [];
    return presentVote(activity, data, {
      status,
      students,
      myVotes: mine?.options ?? null,
      canVote: status === 'in_progress' && canVote(access),
      // Students see how the class voted once the vote is over, so early counts do not sway them.
      counts: team || status === 'ended' ? counts : null,
      voterCount: counts.voters,
      studentCount,
    });
  }

  return {
    /** `GET /api/votes/{id}`. */
    async get(actor: Actor, id: number): Promise<VoteResponse> {
      return present(actor, await load(actor, id));
    },

    /**
     * `POST /api/votes/{id}/vote` {votes: ["A", …]}: a student's ballot while the vote is open. Voting
     * again replaces the earlier ballot until the vote ends (the spec does not forbid changing one's mind).
     */
    async cast(actor: Actor, id: number, input: CastInput): Promise<VoteResponse> {
      const vote = await load(actor, id);
      assertCanVote(vote.access);
      if (voteStatus(vote.activity, new Date()) !== 'in_progress') throw conflict('votes.notOpen');
      const ballot = checkBallot(vote.data, input.votes);
      if (!ballot.ok) throw invalid({ votes: [ballot.message] });
      await repo.upsertBallot(vote.activity.id, actor.userId, ballot.letters);
      // A hint to refetch, sent to every member: it names the vote and never the voter.
      push
        .publish({
          courseId: vote.activity.courseId,
          type: 'vote.cast',
          data: { activity_id: vote.activity.id },
        })
        .catch((error: unknown) => {
          ctx.log.warn({ err: error, activityId: vote.activity.id }, 'push publish failed');
        });
      return present(actor, vote);
    },
  };
}
