import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LiveUnavailableReason } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import type { Config } from '../../config.ts';

/** Where a lecture's files live: DATA_DIR/live/<activityId>/{live/, recording-*.ts, replay-<id>/}. */
export function liveDir(config: Config, activityId: number): string {
  return path.join(config.dataDir, 'live', String(activityId));
}
export function liveHlsDir(config: Config, activityId: number): string {
  return path.join(liveDir(config, activityId), 'live');
}
export function replayDir(config: Config, activityId: number, replayId: number): string {
  return path.join(liveDir(config, activityId), `replay-${replayId}`);
}

const probes = new Map<string, Promise<boolean>>();

/** Whether ffmpeg runs here, asked once per command (the answer does not change while we run). */
export function ffmpegInstalled(ffmpegPath: string): Promise<boolean> {
  let probe = probes.get(ffmpegPath);
  if (!probe) {
    probe = new Promise((resolve) => {
      execFile(ffmpegPath, ['-hide_banner', '-version'], { timeout: 10_000 }, (error) => resolve(!error));
    });
    probes.set(ffmpegPath, probe);
  }
  return probe;
}

/** Why lives cannot run: no ffmpeg first (nothing works without it), then no ingest configured. */
export async function liveUnavailableReason(config: Config): Promise<LiveUnavailableReason | null> {
  if (!(await ffmpegInstalled(config.live.ffmpegPath))) return 'ffmpeg_missing';
  if (config.live.rtmpPort === undefined) return 'ingest_disabled';
  return null;
}

/** The ffmpeg arguments of a listener: receive one RTMP publish, write live HLS and the recording. */
export function listenerArgs(options: {
  port: number;
  streamKey: string;
  hlsDir: string;
  recordingPath: string;
}): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'info',
    // ffmpeg's RTMP server refuses a publish to any other stream name: the key is the path.
    '-listen',
    '1',
    '-i',
    `rtmp://0.0.0.0:${options.port}/live/${options.streamKey}`,
    '-map',
    '0',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+independent_segments',
    '-hls_segment_filename',
    path.join(options.hlsDir, 'seg-%05d.ts'),
    path.join(options.hlsDir, 'index.m3u8'),
    '-map',
    '0',
    '-c',
    'copy',
    '-f',
    'mpegts',
    options.recordingPath,
  ];
}

/** The ffmpeg arguments of a replay transcode: H.264/AAC HLS video on demand, at most 1080 lines. */
export function transcodeArgs(input: string, outDir: string): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-vf',
    "scale=-2:'min(1080,ih)'",
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    // Two threads at most: the transcode shares the machine with the server it runs beside.
    '-threads',
    '2',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, 'seg-%05d.ts'),
    '-progress',
    'pipe:1',
    path.join(outDir, 'index.m3u8'),
  ];
}

/**
 * The ffmpeg arguments that rewrap a recording (MPEG-TS, which browsers do not play) into an MP4 a browser
 * plays and a viewer downloads, without re-encoding: the cloud recording put on the activity's resources.
 */
export function remuxArgs(input: string, output: string): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** Starts ffmpeg at the lowest CPU priority, so requests are served first while it works. */
export function spawnNiceFfmpeg(ffmpegPath: string, args: string[]): ChildProcess {
  return spawn('nice', ['-n', '19', ffmpegPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** "Duration: 00:01:02.50" in ffmpeg's log, in seconds. */
export function parseDuration(log: string): number | null {
  const match = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(log);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export const HLS_CONTENT_TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
} as const;
