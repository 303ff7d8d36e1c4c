/**
 * The lecture-live status machine (spec 000 section 4), without zod so the web can import it cheaply. The
 * server derives the status from the activity's times, the state of its ingest stream and its replays;
 * the web only draws it.
 */
export const LECTURE_LIVE_STATUSES = [
  'live_unopened',
  'live_in_progress',
  'replay_waiting_process',
  'replay_processing',
  'replay_process_fail',
  'replay_unpublished',
  'replay_deleted',
] as const;
export type LectureLiveStatus = (typeof LECTURE_LIVE_STATUSES)[number];

/** Whether the instructor's encoder is pushing now, has pushed and stopped, or never pushed. */
export const STREAM_STATES = ['idle', 'publishing', 'ended'] as const;
export type StreamState = (typeof STREAM_STATES)[number];

/** A replay's transcode, from the recording to HLS video on demand. */
export const REPLAY_STATES = ['waiting', 'processing', 'failed', 'done', 'deleted'] as const;
export type ReplayState = (typeof REPLAY_STATES)[number];

/** The quality label every replay video carries (spec: replay quality label 1080P). */
export const REPLAY_QUALITY_LABEL = '1080P';
/** The live player's starting volume. */
export const LIVE_VOLUME = 0.8;
/** How often a playing client reports a player visit. */
export const PLAYER_VISIT_INTERVAL_SECONDS = 10;

export type LectureLiveFacts = {
  now: Date;
  startTime: Date | null;
  endTime: Date | null;
  streamState: StreamState;
  /** The newest replay, if any recording was made. */
  replay: { state: ReplayState } | null;
};

/**
 * live_in_progress while the encoder publishes; once it stopped, the newest replay's transcode state
 * decides; before any stream, unopened until the end time passes (nothing to replay then: deleted).
 */
export function lectureLiveStatus(facts: LectureLiveFacts): LectureLiveStatus {
  if (facts.streamState === 'publishing') return 'live_in_progress';
  if (facts.replay) {
    switch (facts.replay.state) {
      case 'waiting':
        return 'replay_waiting_process';
      case 'processing':
        return 'replay_processing';
      case 'failed':
        return 'replay_process_fail';
      case 'done':
        return 'replay_unpublished';
      case 'deleted':
        return 'replay_deleted';
    }
  }
  // The stream ended but its recording is not registered yet: the replay job is about to be queued.
  if (facts.streamState === 'ended') return 'replay_waiting_process';
  if (facts.endTime && facts.endTime <= facts.now) return 'replay_deleted';
  return 'live_unopened';
}

/** What the status box shows: a replay with no videos left reads as deleted (spec 000 section 4). */
export function shownLectureLiveStatus(
  status: LectureLiveStatus,
  replayVideoCount: number,
): LectureLiveStatus {
  return status === 'replay_unpublished' && replayVideoCount === 0 ? 'replay_deleted' : status;
}

/** Booking only before the live opens; once booked, the only action is cancelling. */
export function canBookLive(status: LectureLiveStatus, booked: boolean): boolean {
  return status === 'live_unopened' && !booked;
}

/** Seconds until the start, for the countdown; 0 once it is due. */
export function secondsUntilStart(startTime: string | null, now: Date): number {
  if (!startTime) return 0;
  return Math.max(0, Math.ceil((new Date(startTime).getTime() - now.getTime()) / 1000));
}
