import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { attachCloudRecording } from '../activity-resources/cloud-recordings.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import {
  ffmpegInstalled,
  liveDir,
  parseDuration,
  remuxArgs,
  replayDir,
  spawnNiceFfmpeg,
  transcodeArgs,
} from './live-media.ts';
import { lectureLiveRepository } from './lecture-live.repository.ts';

export const REPLAY_TRANSCODE_JOB = 'lecture_live.replay_transcode';

const Payload = z.object({ replay_id: z.number().int().positive() });

/** Queued in the transaction that registers the recording (or a reprocess), so neither exists alone. */
export async function scheduleReplayTranscode(tx: Executor, replayId: number): Promise<void> {
  // One attempt per job: a failed transcode is shown as failed and the instructor reprocesses it.
  await enqueue(tx, REPLAY_TRANSCODE_JOB, { replay_id: replayId }, { maxAttempts: 1 });
}

/** Runs ffmpeg (niced) to the end; its exit code, -1 when it could not start. */
function runFfmpeg(ffmpegPath: string, args: string[]): Promise<number | null> {
  const child = spawnNiceFfmpeg(ffmpegPath, args);
  child.stdout?.resume();
  child.stderr?.resume();
  return new Promise((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', (code) => resolve(code));
  });
}

/**
 * Transcodes a recording into HLS video on demand. ffmpeg runs as a child process under `nice`, so the
 * event loop only relays its progress lines; a restart mid-way leaves the job's lease to expire and
 * another worker runs it again from the start (the output folder is rebuilt).
 */
export function lectureLiveJobs(ctx: AppContext): RegisteredJobs {
  const repo = lectureLiveRepository(ctx.db);
  const activities = activitiesRepository(ctx.db);

  /**
   * The finished recording becomes a cloud-recording resource of the activity (spec 001 section 6), as an
   * MP4 rewrapped from the recording. Best effort: the replay plays whether or not this works.
   */
  async function attachRecording(replay: { id: number; activityId: number; createdAt: Date }, input: string) {
    const activity = await activities.findById(replay.activityId);
    if (!activity) return;
    const mp4 = path.join(replayDir(ctx.config, replay.activityId, replay.id), 'recording.mp4');
    try {
      const code = await runFfmpeg(ctx.config.live.ffmpegPath, remuxArgs(input, mp4));
      if (code !== 0) throw new Error(`ffmpeg exited with ${code} rewrapping the recording`);
      await attachCloudRecording(ctx, {
        activityId: replay.activityId,
        source: 'lecture_live',
        sourceId: replay.id,
        file: mp4,
        name: `${activity.title} ${replay.createdAt.toISOString().slice(0, 16).replace('T', ' ')}.mp4`,
        mimeType: 'video/mp4',
      });
    } finally {
      rmSync(mp4, { force: true });
    }
  }

  return {
    handlers: {
      [REPLAY_TRANSCODE_JOB]: async (payload, { signal }) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const replay = await repo.findReplay(parsed.data.replay_id);
        if (!replay || replay.state === 'done' || replay.state === 'deleted') return;
        const fail = async (message: string) => {
          await repo.updateReplay(replay.id, { state: 'failed', lastError: message.slice(0, 2000) });
          throw new PermanentJobError(message);
        };
        if (!(await ffmpegInstalled(ctx.config.live.ffmpegPath))) await fail('ffmpeg is not installed');
        const input = path.join(liveDir(ctx.config, replay.activityId), replay.recordingFile);
        if (!existsSync(input)) await fail('recording missing');
        const out = replayDir(ctx.config, replay.activityId, replay.id);
        rmSync(out, { recursive: true, force: true });
        mkdirSync(out, { recursive: true });
        await repo.updateReplay(replay.id, { state: 'processing', progress: 0 });

        const child = spawnNiceFfmpeg(ctx.config.live.ffmpegPath, transcodeArgs(input, out));
        const onAbort = () => child.kill('SIGKILL');
        signal.addEventListener('abort', onAbort);
        let log = '';
        let duration: number | null = null;
        let lastReport = 0;
        child.stderr?.on('data', (d: Buffer) => {
          log = (log + d.toString()).slice(-8000);
          duration ??= parseDuration(log);
        });
        child.stdout?.on('data', (d: Buffer) => {
          const match = /out_time_us=(\d+)/.exec(d.toString());
          if (!match || duration === null || Date.now() - lastReport < 1000) return;
          lastReport = Date.now();
          const progress = Math.min(0.99, Number(match[1]) / 1e6 / duration);
          repo.updateReplay(replay.id, { progress }).catch(() => {});
        });
        const code = await new Promise<number | null>((resolve) => {
          child.once('error', () => resolve(-1));
          child.once('exit', (c) => resolve(c));
        });
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) throw new Error('transcode interrupted');
        if (code !== 0) await fail(`ffmpeg exited with ${code}: ${log.slice(-500)}`);
        await repo.updateReplay(replay.id, {
          state: 'done',
          progress: 1,
          durationSeconds: duration,
          processedAt: new Date(),
          lastError: null,
        });
        await attachRecording(replay, input).catch((error: unknown) =>
          ctx.log.warn({ err: error, replayId: replay.id }, 'cloud recording not added to the resources'),
        );
      },
    },
    async close() {},
  };
}
