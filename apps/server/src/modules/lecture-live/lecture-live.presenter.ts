import type {
  LectureLiveDetail,
  LiveActivity,
  LiveUnavailableReason,
  ReplayVideo,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import {
  LIVE_VOLUME,
  REPLAY_QUALITY_LABEL,
  type LectureLiveStatus,
} from '@lectern/contracts/lecture-live/lecture-live-status';
import {
  DEFAULT_LIVE_AUTOPLAY,
  type LectureLiveData,
} from '@lectern/contracts/lecture-live/lecture-live-settings';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { ReplayRow } from './lecture-live.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const liveStreamUrl = (activityId: number) => `/api/lecture-lives/${activityId}/hls/live/index.m3u8`;
export const replayUrl = (activityId: number, replayId: number) =>
  `/api/lecture-lives/${activityId}/hls/replays/${replayId}/index.m3u8`;

export function presentReplayVideo(replay: ReplayRow): ReplayVideo {
  return {
    id: replay.id,
    replay_id: replay.id,
    url: replayUrl(replay.activityId, replay.id),
    label: REPLAY_QUALITY_LABEL,
    duration: replay.durationSeconds,
  };
}

function roomText(data: LectureLiveData): string | null {
  const room = data.room_location;
  if (!room) return null;
  const text = [room.building, room.room_name].filter((s) => s && s.trim() !== '').join(' ');
  return text === '' ? null : text;
}

export type DetailView = {
  status: LectureLiveStatus;
  instructorNames: string[];
  viewLive: boolean;
  /** The live playlist exists: players can start. */
  liveReady: boolean;
  viewRecord: boolean;
  booked: boolean;
  bookedCount: number;
  canBook: boolean;
  canManage: boolean;
  latestReplay: ReplayRow | null;
  replayVideos: ReplayRow[];
  unavailableReason: LiveUnavailableReason | null;
};

export function presentDetail(
  activity: ActivityRow,
  orgId: number,
  data: LectureLiveData,
  view: DetailView,
): LectureLiveDetail {
  const latest = view.latestReplay;
  const processing = view.status === 'replay_processing' || view.status === 'replay_waiting_process';
  return {
    id: activity.id,
    course_id: activity.courseId,
    org_id: orgId,
    module_id: activity.moduleId,
    syllabus_id: activity.syllabusId,
    title: activity.title,
    start_time: iso(activity.startTime),
    end_time: iso(activity.endTime),
    instructor_names: view.instructorNames,
    room: roomText(data),
    type: 'lecture_live',
    description: data.description ?? '',
    status: view.status,
    streams:
      view.viewLive && view.status === 'live_in_progress' && view.liveReady
        ? [{ url: liveStreamUrl(activity.id), type: 'hls', label: REPLAY_QUALITY_LABEL }]
        : [],
    replay_videos: view.viewRecord ? view.replayVideos.map(presentReplayVideo) : [],
    replay_id: latest?.id ?? null,
    view_live: view.viewLive,
    view_record: view.viewRecord,
    is_booked_live: view.booked,
    booked_count: view.bookedCount,
    can_book_live: view.canBook,
    can_reprocess_replay: view.canManage && latest?.state === 'failed',
    can_manage: view.canManage,
    progress:
      processing && latest
        ? {
            left_second:
              latest.durationSeconds !== null && latest.progress > 0
                ? Math.round(latest.durationSeconds * (1 - latest.progress))
                : null,
            progress: Math.round(latest.progress * 100),
            retry_times: latest.retryTimes,
          }
        : null,
    controller_config: {
      volume: LIVE_VOLUME,
      quality_label: REPLAY_QUALITY_LABEL,
      autoplay: data.controller_config?.autoplay ?? DEFAULT_LIVE_AUTOPLAY,
    },
    live_caption_config: { enabled: false },
    unavailable_reason: view.unavailableReason,
    data: { external_live_id: data.external_live_id ?? null },
  };
}

export type LiveListRow = {
  activity: ActivityRow;
  moduleName: string;
  syllabusSummary: string | null;
  creatorName: string;
};

export function presentLiveActivity(
  row: LiveListRow,
  extra: {
    status: LectureLiveStatus | null;
    booked: boolean;
    bookedCount: number;
    host: { name: string; userNo: string } | null;
  },
): LiveActivity {
  const a = row.activity;
  return {
    id: a.id,
    course_id: a.courseId,
    type: a.type,
    title: a.title,
    data: a.data,
    start_time: iso(a.startTime),
    end_time: iso(a.endTime),
    module_name: row.moduleName,
    syllabus_summary: row.syllabusSummary,
    created_by: { id: a.createdBy, name: row.creatorName },
    created_at: a.createdAt.toISOString(),
    completion_criterion: a.completionCriterionKey,
    meeting_host_user: extra.host ? { name: extra.host.name, user_no: extra.host.userNo } : null,
    status: extra.status,
    is_booked_live: extra.booked,
    booked_count: extra.bookedCount,
  };
}
