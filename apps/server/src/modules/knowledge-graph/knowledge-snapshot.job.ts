import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { cancelPending, enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import { takeKnowledgeSnapshot } from './knowledge-snapshot.ts';

export const DAILY_SNAPSHOT_JOB = 'knowledge.daily-snapshot';
const DAY_MS = 86_400_000;

const Payload = z.object({ course_id: z.number().int().positive() });

/**
 * A published graph is snapshotted once a day, so the timeline shows how completeness and mastery move
 * between publishes. Publishing queues the first for a day later (any earlier one of the course is
 * withdrawn, so there is one chain per course); each run queues the next; unpublishing withdraws it.
 * Called in the publish transaction: the job exists if and only if the publish committed.
 */
export async function scheduleDailySnapshot(
  tx: Executor,
  courseId: number,
  published: boolean,
): Promise<void> {
  await cancelPending(tx, DAILY_SNAPSHOT_JOB, { course_id: courseId });
  if (published) await enqueue(tx, DAILY_SNAPSHOT_JOB, { course_id: courseId }, { delayMs: DAY_MS });
}

export function knowledgeSnapshotJobs(ctx: AppContext): RegisteredJobs {
  const repo = knowledgeGraphRepository(ctx.db);
  return {
    handlers: {
      [DAILY_SNAPSHOT_JOB]: async (payload) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const courseId = parsed.data.course_id;
        await ctx.db.transaction(async (tx) => {
          await repo.lockCourseGraph(courseId, tx);
          // Unpublished since it was queued (or the course is gone): the chain ends here.
          if (!(await repo.state(courseId, tx))?.published) return;
          await takeKnowledgeSnapshot(tx, courseId, 'daily', null);
          await scheduleDailySnapshot(tx, courseId, true);
        });
      },
    },
    async close() {},
  };
}
