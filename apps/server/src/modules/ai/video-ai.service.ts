import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { KB_VIDEO_TYPES } from '@lectern/contracts/ai/ai.schemas';
import {
  extensionOf,
  toWebVtt,
  type StartVideoAiSchema,
  VideoAiSummarySchema,
  type VideoAiTask,
  type VideoAiTasksResponse,
} from '@lectern/contracts/ai/video-ai.schemas';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { uploadKindOf } from '@lectern/contracts/uploads/upload-rules';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { translate, type MessageKey } from '../../platform/messages.ts';
import { isUniqueViolation } from '../../platform/unique-violation.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can } from '../courses/courses.policy.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { aiCreditsRepository } from './ai-credits.repository.ts';
import { delimitedData, parseModelJson } from './ai-prompt.ts';
import type { AiProvider, TranscriptSegment } from './ai-provider.ts';
import { aiService } from './ai.service.ts';
import { videoAiRepository, type VideoAiTaskRow } from './video-ai.repository.ts';

export const VIDEO_AI_JOB = 'ai.video_generation';

/** Activity types whose attached files may be videos an instructor generates captions for. */
const VIDEO_ACTIVITY_TYPES: ReadonlySet<string> = new Set(['online_video', 'material']);
/** The provider's transcription endpoint takes files up to 25 MB; 32 kbit/s mono keeps ~100 minutes under it. */
const MAX_AUDIO_BYTES = 24 * 1024 * 1024;

const INSTRUCTIONS =
  'You summarise a lecture video from its transcript, where each line starts with its time in seconds in ' +
  'square brackets. Answer only with JSON of the form {"topics": ["..."], "chapters": [{"start": 0, ' +
  '"title": "..."}]}: up to 10 short topics (the subjects the lecture covers) and up to 20 chapters, ' +
  "each starting at a time taken from the transcript, in order, titled in the transcript's language.";

type StartInput = z.output<typeof StartVideoAiSchema>;

export function videoAiService(ctx: AppContext, provider: AiProvider) {
  const repo = videoAiRepository(ctx.db);
  const credits = aiCreditsRepository(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const ai = aiService(ctx, provider);

  async function loadActivity(actor: Actor, id: number) {
    const activity = await activities.findById(id);
    if (!activity || !VIDEO_ACTIVITY_TYPES.has(activity.type)) throw notFound('ai.videoNotFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('ai.videoNotFound');
    return { activity, access };
  }

  function present(row: VideoAiTaskRow, actor: Actor, team: boolean): VideoAiTask {
    const finished = row.status === 'finished';
    return {
      id: row.id,
      activity_id: row.activityId,
      reference_id: row.referenceId,
      status: row.status,
      caption: row.caption,
      topic: row.topic,
      chapter: row.chapter,
      topics: finished ? row.topics : [],
      chapters: finished ? row.chapters : [],
      captions_url: finished && row.captionsVtt ? `/api/video-ai/${row.id}/captions.vtt` : null,
      error: team && row.errorKey ? translate(actor.locale, row.errorKey as MessageKey) : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    async start(actor: Actor, activityId: number, input: StartInput): Promise<VideoAiTask> {
      const { activity, access } = await loadActivity(actor, activityId);
      assertCan(access, 'activity.manage');
      const found = await uploads.findReference(input.reference_id);
      if (
        !found ||
        found.reference.parentType !== ACTIVITY_PARENT ||
        found.reference.parentId !== activity.id ||
        found.upload.deleted ||
        found.upload.status !== 'ready'
      ) {
        throw notFound('ai.videoNotFound');
      }
      const { upload } = found;
      const invalid = (key: MessageKey) => new AppError('validation_failed', key, { reference_id: [key] });
      if (uploadKindOf(upload.mimeType) !== 'video') throw invalid('ai.videoNotVideo');
      const config = await credits.config(actor.orgId);
      // An organisation that has not narrowed the list allows every video type the knowledge base takes.
      const allowed = config?.allowedKbVideoType.length ? config.allowedKbVideoType : KB_VIDEO_TYPES;
      if (!(allowed as readonly string[]).includes(extensionOf(upload.name))) {
        throw invalid('ai.videoTypeNotAllowed');
      }
      if (config?.maxUploadFileSize && upload.size > config.maxUploadFileSize * 1024 * 1024) {
        throw new AppError('payload_too_large', 'ai.videoTooLarge', { reference_id: ['ai.videoTooLarge'] });
      }
      await ai.assertCanSpend(actor, activity.courseId);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const task = await repo.insert(
            {
              orgId: actor.orgId,
              courseId: activity.courseId,
              activityId: activity.id,
              referenceId: found.reference.id,
              uploadId: upload.id,
              requestedBy: actor.userId,
              caption: input.caption,
              topic: input.topic,
              chapter: input.chapter,
            },
            tx,
          );
          // No retries: a second attempt would transcribe, and bill, the same video again.
          await enqueue(tx, VIDEO_AI_JOB, { task_id: task.id }, { maxAttempts: 1 });
          return task;
        });
        return present(row, actor, true);
      } catch (error) {
        if (isUniqueViolation(error, 'video_ai_tasks_one_running_idx'))
          throw conflict('ai.videoAlreadyRunning');
        throw error;
      }
    },

    /**
     * The latest generation of each video of the activity. Learners see the latest one that finished, so a
     * failed or running regeneration never takes captions away from them.
     */
    async list(actor: Actor, activityId: number): Promise<VideoAiTasksResponse> {
      const { activity, access } = await loadActivity(actor, activityId);
      const team = can(access, 'activity.manage');
      const references = await uploads.listReferences(ACTIVITY_PARENT, [activity.id]);
      const rows = await repo.latestOfActivity(
        activity.id,
        references.map((r) => r.reference.id),
        !team,
      );
      return { can_manage: team, tasks: rows.map((row) => present(row, actor, team)) };
    },

    async captions(actor: Actor, taskId: number): Promise<string> {
      const task = await repo.findById(taskId);
      if (!task) throw notFound('ai.videoCaptionsNotFound');
      await loadActivity(actor, task.activityId).catch(() => {
        throw notFound('ai.videoCaptionsNotFound');
      });
      if (task.status !== 'finished' || !task.captionsVtt) throw notFound('ai.videoCaptionsNotFound');
      return task.captionsVtt;
    },

    /** The job: audio out of the video, speech to text, then topics and chapters from the text. */
    async process(taskId: number): Promise<void> {
      if (!(await repo.claim(taskId))) return;
      const task = await repo.findById(taskId);
      if (!task) return;
      try {
        const result = await generate(task);
        await repo.finish(task.id, result);
      } catch (error) {
        const key = error instanceof AppError ? error.detail : 'ai.providerFailed';
        await repo.fail(task.id, typeof key === 'string' ? key : key.key);
        if (!(error instanceof AppError)) ctx.log.error({ err: error, taskId }, 'video ai generation failed');
      }
    },
  };

  async function generate(task: VideoAiTaskRow) {
    const upload = await uploads.findById(task.uploadId);
    if (!upload?.storageKey || upload.deleted) throw notFound('ai.videoNotFound');
    const actor: Actor = {
      userId: task.requestedBy,
      orgId: task.orgId,
      orgRole: (await repo.orgRoleOf(task.requestedBy)) ?? 'member',
      sessionId: null,
      simulatingCourseId: null,
      locale: 'zh-CN',
    };
    const audio = await extractAudio(ctx.config.live.ffmpegPath, await ctx.storage.get(upload.storageKey));
    const transcript = await ai.meteredTranscription(actor, {
      courseId: task.courseId,
      audio,
      fileName: 'audio.mp3',
    });
    const segments = transcript.segments.filter((s) => s.text.trim());
    if (segments.length === 0) throw new AppError('validation_failed', 'ai.videoNoSpeech');
    let summary = { topics: [] as string[], chapters: [] as { start: number; title: string }[] };
    if (task.topic || task.chapter) {
      await ai.metered(actor, {
        feature: 'video_generation',
        courseId: task.courseId,
        messages: (max) => delimitedData(INSTRUCTIONS, 'a lecture transcript', transcriptText(segments), max),
        validate: (output) => {
          summary = parseModelJson(VideoAiSummarySchema, output);
        },
      });
    }
    return {
      captionsVtt: task.caption ? toWebVtt(segments) : null,
      topics: task.topic ? [...new Set(summary.topics)] : [],
      chapters: task.chapter ? chaptersWithin(summary.chapters, transcript.duration) : [],
    };
  }
}

function transcriptText(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => `[${Math.round(s.start)}] ${s.text.trim()}`).join('\n');
}

/** Chapters in order, inside the video, one per start time: a model may repeat or overshoot. */
function chaptersWithin(chapters: readonly { start: number; title: string }[], duration: number) {
  const seen = new Set<number>();
  return [...chapters]
    .filter((c) => duration <= 0 || c.start <= duration)
    .sort((a, b) => a.start - b.start)
    .filter((c) => (seen.has(c.start) ? false : (seen.add(c.start), true)));
}

/**
 * The video's sound as small mono MP3, by ffmpeg at the lowest priority in a child process, so a long
 * video never holds the event loop or starves requests of processor time.
 */
async function extractAudio(ffmpegPath: string, video: NodeJS.ReadableStream): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lectern-video-ai-'));
  try {
    const input = path.join(dir, 'video');
    const output = path.join(dir, 'audio.mp3');
    await pipeline(video, createWriteStream(input));
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'nice',
        [
          '-n',
          '19',
          ffmpegPath,
          '-hide_banner',
          '-loglevel',
          'error',
          '-nostdin',
          '-y',
          '-i',
          input,
          '-vn',
          '-ac',
          '1',
          '-ar',
          '16000',
          '-c:a',
          'libmp3lame',
          '-b:a',
          '32k',
          output,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      child.on('error', () => reject(new AppError('service_unavailable', 'ai.videoNoFfmpeg')));
      child.on('close', (code) => {
        // `nice` answers 127 when it cannot find the program it was asked to run.
        if (code === 127) reject(new AppError('service_unavailable', 'ai.videoNoFfmpeg'));
        else if (code === 0) resolve();
        // A video without a sound track, or one ffmpeg cannot read, has no speech to caption.
        else reject(new AppError('validation_failed', 'ai.videoNoSpeech'));
      });
    });
    if ((await stat(output)).size > MAX_AUDIO_BYTES)
      throw new AppError('payload_too_large', 'ai.videoTooLarge');
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
