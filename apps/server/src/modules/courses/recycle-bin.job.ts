import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { RECYCLE_BIN_PURGE_JOB, recycleBinService } from './recycle-bin.service.ts';

const PurgePayload = z.object({ item_id: z.number().int().positive() });

/** Each deletion schedules its purge for when its retention ends (decision 0015). */
export function recycleBinJobs(ctx: AppContext): RegisteredJobs {
  const bin = recycleBinService(ctx);
  return {
    handlers: {
      [RECYCLE_BIN_PURGE_JOB]: async (payload) => {
        const parsed = PurgePayload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        await bin.purgeExpired(parsed.data.item_id);
      },
    },
    async close() {},
  };
}
