import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { ANNOUNCEMENT_PUBLISH_JOB, announcementsService } from './announcements.service.ts';

const PublishPayload = z.object({ announcement_id: z.number().int().positive() });

/** Scheduled announcements notify their readers when their publication time comes. */
export function announcementJobs(ctx: AppContext): RegisteredJobs {
  const announcements = announcementsService(ctx);
  return {
    handlers: {
      [ANNOUNCEMENT_PUBLISH_JOB]: async (payload) => {
        const parsed = PublishPayload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        await announcements.publishDue(parsed.data.announcement_id);
      },
    },
    async close() {},
  };
}
