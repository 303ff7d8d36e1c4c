import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { KNOWLEDGE_SOURCE_SYNC_JOB, knowledgeSyncService } from './knowledge-sync.service.ts';

const Payload = z.object({ course_id: z.number().int().positive() });

/** Runs a requested sync of a course graph from its source; the outcome is the course's sync status. */
export function knowledgeSyncJobs(ctx: AppContext): RegisteredJobs {
  const service = knowledgeSyncService(ctx);
  return {
    handlers: {
      [KNOWLEDGE_SOURCE_SYNC_JOB]: async (payload) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        await service.runQueuedSync(parsed.data.course_id);
      },
    },
    async close() {},
  };
}
