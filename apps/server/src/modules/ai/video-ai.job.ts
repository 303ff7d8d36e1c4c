import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { createAiProvider } from './ai-provider.ts';
import { VIDEO_AI_JOB, videoAiService } from './video-ai.service.ts';

const Payload = z.object({ task_id: z.number().int().positive() });

/** Video AI generation on the durable queue: any process may run it, and a restart leaves it to the next. */
export function videoAiJobs(ctx: AppContext): RegisteredJobs {
  const service = videoAiService(ctx, createAiProvider(ctx.config.ai, ctx.log));
  return {
    handlers: {
      [VIDEO_AI_JOB]: async (payload) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        await service.process(parsed.data.task_id);
      },
    },
    async close() {},
  };
}
