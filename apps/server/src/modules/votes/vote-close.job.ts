import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { cancelPending, enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';

export const VOTE_CLOSE_JOB = 'vote.close';

const ClosePayload = z.object({
  activity_id: z.number().int().positive(),
  /** The end time the job was queued for: a job outlived by an edit of the time does nothing. */
  end_time: z.iso.datetime(),
});

/**
 * A vote ends by its end time, with nobody's request to hang the news on: a job queued for that moment
 * tells the course, so students' pages show the results as it ends. Called in the transaction that
 * saves the time; the job queued for an earlier time is withdrawn, so a moved end is announced once.
 */
export async function scheduleVoteClose(
  tx: Executor,
  activityId: number,
  endTime: Date | null,
): Promise<void> {
  await cancelPending(tx, VOTE_CLOSE_JOB, { activity_id: activityId });
  if (endTime === null) return;
  // An end already past (the instructor ends it now by editing the time) runs at once.
  await enqueue(
    tx,
    VOTE_CLOSE_JOB,
    { activity_id: activityId, end_time: endTime.toISOString() },
    { runAt: endTime },
  );
}

/** Publishes `vote.closed` when a vote's end time comes, if it still ends then. */
export function voteJobs(ctx: AppContext, push: PushBus): RegisteredJobs {
  const activities = activitiesRepository(ctx.db);
  return {
    handlers: {
      [VOTE_CLOSE_JOB]: async (payload) => {
        const parsed = ClosePayload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const activity = await activities.findById(parsed.data.activity_id);
        // Deleted, or its end moved since (the later time has its own job): nothing ended now.
        if (!activity || activity.type !== 'vote') return;
        if (activity.endTime?.toISOString() !== parsed.data.end_time) return;
        await push.publish({
          courseId: activity.courseId,
          type: 'vote.closed',
          data: { activity_id: activity.id },
        });
      },
    },
    async close() {},
  };
}
