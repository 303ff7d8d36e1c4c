import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { attachCloudRecording } from '../activity-resources/cloud-recordings.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { meetingVendors, vendorFetch } from './meeting-vendors.ts';
import { meetingsRepository, type MeetingRecordingRow } from './meetings.repository.ts';
import { vendorLinksRepository } from './vendor-links.repository.ts';

export const RECORDING_COPY_JOB = 'meetings.recording_copy';

const Payload = z.object({ recording_id: z.number().int().positive() });

/** Media types a copied recording may have, and the file extension it is stored under. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/x-m4v': 'm4v',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/webm': 'weba',
};

/** Queued in the transaction that first records the vendor recording, so neither exists alone. */
export async function scheduleRecordingCopy(tx: Executor, recordingId: number): Promise<void> {
  await enqueue(tx, RECORDING_COPY_JOB, { recording_id: recordingId }, { maxAttempts: 5 });
}

/** Tencent's `download_address_file_type`, for a download served without a media Content-Type. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
};

/** A recording that may never be copied (wrong type, too large): kept as a link, not retried. */
class NotCopyable extends Error {}

/**
 * Copies a meeting vendor's recording file (BigBlueButton's `video` format, a Tencent cloud-recording
 * file by the download address Tencent gives for it) into Lectern's storage and puts it on the activity
 * as a cloud-recording resource, as lecture lives do with their replays. The
 * file must be audio or video by its Content-Type and no larger than BBB_RECORDING_MAX_MB, by its
 * Content-Length and by the bytes actually read; otherwise the recording stays a link (state `link`).
 * Network failures are retried by the queue.
 */
export function meetingRecordingJobs(ctx: AppContext): RegisteredJobs {
  const repo = meetingsRepository(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const links = vendorLinksRepository(ctx.db);
  const vendors = meetingVendors(ctx);
  // The link is the vendor's answer, not the operator's: called under the outbound policy.
  const outbound = vendorFetch(ctx.config);
  const maxBytes = ctx.config.meetingVendors.bbbRecordingMaxBytes;

  /**
   * Where the recording's bytes are: BigBlueButton's media file is its own URL; a Tencent file's download
   * address is asked of Tencent now (it expires), under the host userid the meeting was made with.
   */
  async function source(
    recording: MeetingRecordingRow,
  ): Promise<{ url: string; mimeTypeIfUnlabelled: string | null }> {
    if (recording.vendor !== 'tencent') return { url: recording.url, mimeTypeIfUnlabelled: null };
    const activity = await links.activity(recording.activityId);
    const link = await links.find(recording.activityId);
    const host =
      link?.vendorHostUserid ??
      (typeof activity?.data.vendor_host_userid === 'string' ? activity.data.vendor_host_userid : null);
    if (!activity || !host) throw new NotCopyable('no Tencent host to ask for the recording');
    const tencent = (await vendors.forOrg(activity.orgId)).tencent;
    if (!tencent) throw new NotCopyable('Tencent Meeting is not configured');
    const found = await tencent.recordingDownload(recording.recordId, host);
    if (!found) throw new NotCopyable('Tencent gives no download address for this recording');
    return { url: found.url, mimeTypeIfUnlabelled: FILE_TYPES[found.fileType ?? ''] ?? null };
  }

  async function download(
    url: string,
    dir: string,
    signal: AbortSignal,
    mimeTypeIfUnlabelled: string | null,
  ): Promise<{ file: string; mimeType: string }> {
    const response = await outbound(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(30 * 60_000)]),
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      if (response.status >= 400 && response.status < 500) {
        throw new NotCopyable(`recording answered HTTP ${response.status}`);
      }
      throw new Error(`recording answered HTTP ${response.status}`);
    }
    const labelled = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // Object stores often serve a vendor's file as bytes; the vendor's own file type then says what it is.
    const mimeType =
      mimeTypeIfUnlabelled && (labelled === '' || labelled === 'application/octet-stream')
        ? mimeTypeIfUnlabelled
        : labelled;
    const extension = MEDIA_TYPES[mimeType];
    if (!extension) {
      await response.body.cancel();
      throw new NotCopyable(`not a media file (${mimeType || 'no content type'})`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel();
      throw new NotCopyable(`recording of ${declared} bytes exceeds ${maxBytes}`);
    }
    const file = path.join(dir, `recording.${extension}`);
    let read = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        read += chunk.length;
        if (read > maxBytes) done(new NotCopyable(`recording exceeds ${maxBytes} bytes`));
        else done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as never), cap, createWriteStream(file));
    return { file, mimeType };
  }

  return {
    handlers: {
      [RECORDING_COPY_JOB]: async (payload, { signal }) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const recording = await repo.findRecording(parsed.data.recording_id);
        if (!recording || recording.state !== 'copying') return;
        const activity = await activities.findById(recording.activityId);
        if (!activity) return;
        const dir = await mkdtemp(path.join(tmpdir(), 'lectern-recording-'));
        try {
          const from = await source(recording);
          const { file, mimeType } = await download(from.url, dir, signal, from.mimeTypeIfUnlabelled);
          const when = (recording.startTime ?? recording.createdAt)
            .toISOString()
            .slice(0, 16)
            .replace('T', ' ');
          await attachCloudRecording(ctx, {
            activityId: recording.activityId,
            source: 'meeting_recording',
            sourceId: recording.id,
            file,
            name: `${activity.title} ${when}${path.extname(file)}`,
            mimeType,
          });
          await repo.updateRecording(recording.id, { state: 'copied', lastError: null });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (error instanceof NotCopyable) {
            // An expected outcome, not a failure: the recording plays from the vendor's link.
            await repo.updateRecording(recording.id, { state: 'link', lastError: message.slice(0, 2000) });
            ctx.log.info({ recordingId: recording.id, reason: message }, 'meeting recording kept as a link');
            return;
          }
          await repo.updateRecording(recording.id, { lastError: message.slice(0, 2000) });
          throw error;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
    close: () => Promise.resolve(),
  };
}
