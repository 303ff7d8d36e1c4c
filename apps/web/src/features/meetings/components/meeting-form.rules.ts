import type {
  Activity,
  CreateActivityRequest,
  UpdateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import {
  criterionTakesValue,
  isCompletionCriterionType,
} from '@lectern/contracts/activities/completion-criteria';
import type { MeetingFormType } from '@lectern/contracts/meetings/meeting-rules';

/** The completion input's value: a criterion key (`none` for none) and its value, if it takes one. */
export interface MeetingCompletionValue {
  key: string;
  value: number | null;
}

export interface MeetingCover {
  upload_id: number;
  name: string;
  size: number;
}

export interface MeetingFormValues {
  module_id?: number;
  syllabus_id?: number | null;
  title?: string;
  /** UTC ISO strings, as the shared DateTimePicker gives them. */
  start_time?: string | null;
  end_time?: string | null;
  published?: boolean;
  description?: string;
  /** Dingtalk host or ClassIn instructor: a user of the course's teaching team. */
  instructor_id?: number;
  /** ClassIn playback, 0 or 1 as the original form sends it. */
  playback?: 0 | 1;
  cover?: MeetingCover[];
  lesson_start_time?: string | null;
  lesson_end_time?: string | null;
  /** Trial teaching (spec 001 §3 "Trial teaching data"). */
  teaching_model?: 'online' | 'offline';
  member_count?: number | null;
  meeting_code?: string;
  join_url?: string;
  location?: string;
  enable_live?: boolean;
  live_addr?: string;
  cloud_record?: boolean;
  meeting_host_user_id?: number;
  completion?: MeetingCompletionValue;
}

/** What the generic activity form had before the type was picked: kept when this form takes over. */
export interface MeetingFormDraft {
  module_id?: number;
  syllabus_id?: number | null;
  title?: string;
  published?: boolean;
}

/** The `data` keys each form edits; the rest of a stored `data` (links, codes, audit state) is kept. */
const EDITED_KEYS: Record<MeetingFormType, readonly string[]> = {
  dingtalk_live: ['description', 'host', 'instructor_id', 'cover_id'],
  classin: ['description', 'host', 'instructor_id', 'playback'],
  lesson_replay: ['description', 'lesson_start_time', 'lesson_end_time'],
  trial_teaching: [
    'description',
    'teaching_model',
    'member_count',
    'meeting_code',
    'join_url',
    'location',
    'enable_live',
    'live_config',
    'record_type',
    'meeting_host_user_id',
  ],
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const id = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

export function meetingFormValues(
  type: MeetingFormType,
  activity: Activity | undefined,
  draft: MeetingFormDraft,
  coverName: string,
): MeetingFormValues {
  if (!activity) {
    return {
      module_id: draft.module_id,
      syllabus_id: draft.syllabus_id ?? null,
      title: draft.title,
      published: draft.published ?? false,
      start_time: null,
      end_time: null,
      ...(type === 'classin' ? { playback: 0 } : {}),
      ...(type === 'dingtalk_live' ? { cover: [] } : {}),
      ...(type === 'lesson_replay' ? { lesson_start_time: null, lesson_end_time: null } : {}),
      ...(type === 'trial_teaching'
        ? { teaching_model: 'online', enable_live: false, cloud_record: false, member_count: null }
        : {}),
    };
  }
  const data = activity.data;
  const coverId = id(data.cover_id);
  return {
    module_id: activity.module_id,
    syllabus_id: activity.syllabus_id,
    title: activity.title,
    published: activity.published,
    start_time: activity.start_time,
    end_time: activity.end_time,
    description: text(data.description),
    instructor_id: id(data.instructor_id) ?? id(data.host_user_id),
    playback: data.playback === 1 || data.playback === true ? 1 : 0,
    cover: coverId ? [{ upload_id: coverId, name: coverName, size: 0 }] : [],
    lesson_start_time: text(data.lesson_start_time) ?? null,
    lesson_end_time: text(data.lesson_end_time) ?? null,
    teaching_model: data.teaching_model === 'offline' ? 'offline' : 'online',
    member_count: typeof data.member_count === 'number' ? data.member_count : null,
    meeting_code: text(data.meeting_code),
    join_url: text(data.join_url),
    location: text(data.location),
    enable_live: data.enable_live === true,
    live_addr: text((data.live_config as { live_addr?: unknown } | undefined)?.live_addr),
    cloud_record: data.record_type === 'cloud',
    meeting_host_user_id: id(data.meeting_host_user_id),
    completion: { key: activity.completion_criterion_key, value: activity.completion_criterion_value },
  };
}

/**
 * The type's `data`. On update `data` replaces the stored payload, so what this form does not edit is
 * carried over; the host's name travels with the Dingtalk host, as the original form sends it.
 */
export function meetingData(
  type: MeetingFormType,
  values: MeetingFormValues,
  hostName: string | undefined,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(
    Object.entries(stored).filter(([key]) => !EDITED_KEYS[type].includes(key)),
  );
  const description = values.description?.trim();
  if (description) data.description = description;
  if (type === 'dingtalk_live' || type === 'classin') {
    if (values.instructor_id !== undefined) data.instructor_id = values.instructor_id;
    if (hostName) data.host = hostName;
    else if (stored.host !== undefined) data.host = stored.host;
  }
  if (type === 'classin') data.playback = values.playback ?? 0;
  if (type === 'dingtalk_live') {
    const cover = values.cover?.[0];
    if (cover) data.cover_id = cover.upload_id;
  }
  if (type === 'lesson_replay') {
    if (values.lesson_start_time) data.lesson_start_time = values.lesson_start_time;
    if (values.lesson_end_time) data.lesson_end_time = values.lesson_end_time;
  }
  if (type === 'trial_teaching') Object.assign(data, trialTeachingData(values, stored));
  return data;
}

/**
 * An online trial teaching keeps its meeting code, link, live and cloud record; an offline one its
 * location. What belongs to the other mode is left out, so a switch of mode leaves nothing stale.
 */
function trialTeachingData(values: MeetingFormValues, stored: Record<string, unknown>) {
  const data: Record<string, unknown> = { teaching_model: values.teaching_model ?? 'online' };
  if (typeof values.member_count === 'number') data.member_count = values.member_count;
  if (values.meeting_host_user_id !== undefined) data.meeting_host_user_id = values.meeting_host_user_id;
  if (data.teaching_model === 'offline') {
    const location = values.location?.trim();
    if (location) data.location = location;
    return data;
  }
  const code = values.meeting_code?.trim();
  if (code) data.meeting_code = code;
  const joinUrl = values.join_url?.trim();
  if (joinUrl) data.join_url = joinUrl;
  data.enable_live = values.enable_live === true;
  const liveAddr = values.live_addr?.trim();
  const storedLive = stored.live_config as Record<string, unknown> | undefined;
  if (data.enable_live && liveAddr) data.live_config = { ...storedLive, live_addr: liveAddr };
  data.record_type = values.cloud_record ? 'cloud' : 'none';
  return data;
}

function completionFields(completion: MeetingCompletionValue | undefined) {
  if (!completion) return {};
  return {
    completion_criterion_key: completion.key,
    completion_criterion_value:
      isCompletionCriterionType(completion.key) && criterionTakesValue(completion.key)
        ? completion.value
        : null,
  };
}

function common(values: MeetingFormValues) {
  return {
    module_id: values.module_id,
    syllabus_id: values.syllabus_id ?? null,
    title: values.title?.trim() ?? '',
    start_time: values.start_time ?? null,
    end_time: values.end_time ?? null,
    published: values.published ?? false,
    ...completionFields(values.completion),
  };
}

export function toMeetingCreateRequest(
  type: MeetingFormType,
  values: MeetingFormValues,
  hostName: string | undefined,
): CreateActivityRequest {
  return { type, ...common(values), data: meetingData(type, values, hostName) };
}

/** Locked inputs are disabled, so their values are the stored ones and the server sees no change. */
export function toMeetingUpdateRequest(
  type: MeetingFormType,
  values: MeetingFormValues,
  hostName: string | undefined,
  activity: Activity,
): UpdateActivityRequest {
  return { ...common(values), data: meetingData(type, values, hostName, activity.data) };
}
