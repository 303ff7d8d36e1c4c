import type { MeetingStatus } from '@lectern/contracts/meetings/meeting-rules';

export type TrialTeachingTip =
  'notStarted' | 'inProgress' | 'inProgressOffline' | 'generatingRecord' | 'ended';

export interface TrialTeachingView {
  online: boolean;
  /** Join the online meeting through Lectern (recorded as attendance). */
  join: boolean;
  /** The live stream's address while in progress, when the live is enabled. */
  liveUrl: string | null;
  /** Replay addresses, once the meeting has ended and its cloud record (if any) has synced. */
  replays: string[];
  tip: TrialTeachingTip;
}

const isWebUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The content panel of a trial teaching (spec 001 §2, §4): join meeting and join live while an online
 * one is in progress; after it, live replays, except that an online one recorded in the cloud shows a
 * generating-record tip until the record has synced.
 */
export function trialTeachingView(
  data: Record<string, unknown>,
  status: MeetingStatus,
  canJoin: boolean,
): TrialTeachingView {
  const online = data.teaching_model !== 'offline';
  const liveAddr = (data.live_config as { live_addr?: unknown } | undefined)?.live_addr;
  const liveUrl = online && data.enable_live === true && isWebUrl(liveAddr) ? liveAddr : null;
  const addresses = Array.isArray(data.replay_address) ? data.replay_address.filter(isWebUrl) : [];
  if (status === 'not_started') return { online, join: false, liveUrl: null, replays: [], tip: 'notStarted' };
  if (status === 'in_progress') {
    return {
      online,
      join: online && canJoin,
      liveUrl,
      replays: [],
      tip: online ? 'inProgress' : 'inProgressOffline',
    };
  }
  const generating = online && data.record_type === 'cloud' && data.record_sync_finished !== true;
  if (generating) return { online, join: false, liveUrl: null, replays: [], tip: 'generatingRecord' };
  return { online, join: false, liveUrl: null, replays: addresses, tip: 'ended' };
}
