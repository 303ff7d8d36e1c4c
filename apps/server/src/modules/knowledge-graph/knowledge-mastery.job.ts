import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { knowledgeMasteryRepository } from './knowledge-mastery.repository.ts';

/** Queued by the link triggers of 0030_knowledge_mastery.sql (the name is written there too). */
export const MASTERY_RELINK_JOB = 'knowledge.mastery-relink';

const RelinkPayload = z.object({ activity_id: z.number().int().positive() });

/** Students refreshed per transaction: short locks on the class rows, progress kept if the job is retried. */
const BATCH = 200;

/**
 * Counts an activity's graded answers again after its links to nodes changed: each student's sources of the
 * activity are replaced and the aggregates moved by the difference, exactly as a new grade does.
 */
export function knowledgeMasteryJobs(ctx: AppContext): RegisteredJobs {
  const repo = knowledgeMasteryRepository(ctx.db);
  return {
    handlers: {
      [MASTERY_RELINK_JOB]: async (payload) => {
        const parsed = RelinkPayload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const activityId = parsed.data.activity_id;
        const students = await repo.studentsOf(activityId);
        for (let i = 0; i < students.length; i += BATCH) {
          const batch = students.slice(i, i + BATCH);
          await ctx.db.transaction((tx) => repo.refresh(activityId, batch, tx));
        }
      },
    },
    async close() {},
  };
}
