import { announcementJobs } from './modules/announcements/announcement-publish.job.ts';
import { recycleBinJobs } from './modules/courses/recycle-bin.job.ts';
import { duplicateCheckJobs } from './modules/homework/duplicate-check.job.ts';
import { officePreviewJobs } from './modules/uploads/office-preview.job.ts';
import { voteJobs } from './modules/votes/vote-close.job.ts';
import { lectureLiveJobs } from './modules/lecture-live/replay-transcode.job.ts';
import { videoAiJobs } from './modules/ai/video-ai.job.ts';
import type { AppContext } from './platform/app-context.ts';
import type { JobHandlers, RegisteredJobs } from './platform/jobs/job-worker.ts';
import type { PushBus } from './platform/push/push-bus.ts';
import { knowledgeMasteryJobs } from './modules/knowledge-graph/knowledge-mastery.job.ts';
import { knowledgeSnapshotJobs } from './modules/knowledge-graph/knowledge-snapshot.job.ts';
import { knowledgeSyncJobs } from './modules/knowledge-graph/knowledge-sync.job.ts';
import { meetingRecordingJobs } from './modules/meetings/recording-copy.job.ts';
import { meetingVendorSyncJobs } from './modules/meetings/vendor-sync.job.ts';

/**
 * The one list of job types the worker runs, as app.ts is the one list of routes. `push` is the app's
 * bus, so a job's events reach the streams this process serves.
 */
export function registerJobHandlers(ctx: AppContext, push: PushBus): RegisteredJobs {
  const parts: RegisteredJobs[] = [
    duplicateCheckJobs(ctx),
    announcementJobs(ctx),
    recycleBinJobs(ctx),
    officePreviewJobs(ctx),
    voteJobs(ctx, push),
    lectureLiveJobs(ctx),
    videoAiJobs(ctx),
    knowledgeMasteryJobs(ctx),
    knowledgeSnapshotJobs(ctx),
    knowledgeSyncJobs(ctx),
    meetingRecordingJobs(ctx),
    meetingVendorSyncJobs(ctx),
  ];
  return {
    handlers: Object.assign({}, ...parts.map((part) => part.handlers)) as JobHandlers,
    async close() {
      await Promise.all(parts.map((part) => part.close()));
    },
  };
}
