import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import {
  ffmpegInstalled,
  liveDir,
  parseDuration,
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

/**
 * Transcodes a recording into HLS video on demand. ffmpeg runs as a child process under `nice`, so the
 * event loop only relays its progress lines; a restart mid-way leaves the job's lease to expire and
 * another worker runs it again from the start (the output folder is rebuilt).
 */
export function lectureLiveJobs(ctx: AppContext): RegisteredJobs {
  const repo = lectureLiveRepository(ctx.db);
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
      },
    },
    async close() {},
  };
}
