import { z } from 'zod';

/**
 * The `data` of the third-party meeting activity types (spec 001 §3 "Live activity (wire)"). Every field is
 * optional because an activity may be linked to a meeting made elsewhere (the instructor pastes its link
 * and code) or created through a vendor adapter, which fills in what it learns.
 */
const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'activities.urlInvalid' });
const ShortText = z.string().max(128);
const Description = z.string().max(20_000);

export const AUDIT_STATUSES = [1, 2, 3] as const;
/** Cloud-classroom review: 1 auditing, 2 agree, 3 reject. */
export const AuditStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type AuditStatus = z.infer<typeof AuditStatusSchema>;

const RoomLocationSchema = z
  .object({
    building: ShortText.optional(),
    room_name: ShortText.optional(),
    room_code: ShortText.optional(),
  })
  .loose();

const MeetingFieldsSchema = z.object({
  meeting_id: ShortText.optional(),
  meeting_code: ShortText.optional(),
  live_id: ShortText.optional(),
  join_url: HttpUrlSchema.optional(),
  host_join_url: HttpUrlSchema.optional(),
  guest_join_url: HttpUrlSchema.optional(),
  live_url: HttpUrlSchema.optional(),
  host_user_id: z.number().int().positive().optional(),
  description: Description.optional(),
  playback: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  is_record: z.boolean().optional(),
  record_type: z.enum(['none', 'local', 'cloud']).optional(),
  enable_live: z.boolean().optional(),
  live_config: z.object({ live_addr: HttpUrlSchema.optional() }).loose().optional(),
  replay_address: z.array(HttpUrlSchema).max(50).optional(),
  audit_status: AuditStatusSchema.optional(),
  version: z.enum(['personal', 'enterprise']).optional(),
  room_location: RoomLocationSchema.optional(),
  sub_course_ids: z.array(z.number().int().positive()).max(200).optional(),
  selected_section: z.unknown().optional(),
  meeting: z.object({ meeting_number: ShortText.optional() }).loose().optional(),
  /** Set by the server when it created the meeting on a vendor (Tencent, Lark) or booked it into calendars. */
  meeting_vendor: z.enum(['tencent', 'lark', 'calendar']).optional(),
  /** Tencent Meeting: the host's userid the meeting was created under (its API asks for it on every call). */
  vendor_host_userid: ShortText.optional(),
});

export const MeetingDataSchema = MeetingFieldsSchema.loose();
export type MeetingData = z.infer<typeof MeetingDataSchema>;

/**
 * Tencent Meeting recurrence as its API takes it: recurring_type 0 daily, 1 every weekday, 2 weekly,
 * 3 every two weeks, 4 monthly; ends after `until_count` occurrences.
 */
export const TencentRecurringRuleSchema = z.object({
  recurring_type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  until_count: z.number().int().min(2).max(50),
});

/**
 * Tencent meeting: a one-off meeting, or a recurring one (`tencent_meeting_type`). A recurring meeting
 * made through Lectern keeps its rule, so that a restore from the recycle bin makes the series again.
 */
export const TencentMeetingDataSchema = MeetingFieldsSchema.extend({
  tencent_meeting_type: z.enum(['meeting', 'recurring_meeting']).optional(),
  recurring_rule: TencentRecurringRuleSchema.optional(),
}).loose();

/** Webex: the meeting's planned length in minutes. */
export const WebexMeetingDataSchema = MeetingFieldsSchema.extend({
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
}).loose();

/** Dingtalk live: the form's host and an optional cover image (an upload id). */
export const DingtalkLiveDataSchema = MeetingFieldsSchema.extend({
  host: ShortText.optional(),
  instructor_id: z.number().int().positive().optional(),
  cover_id: z.number().int().positive().optional(),
}).loose();

/** ClassIn: the instructor (who must have a bound mobile phone) and playback as 0/1. */
export const ClassinDataSchema = MeetingFieldsSchema.extend({
  host: ShortText.optional(),
  instructor_id: z.number().int().positive().optional(),
}).loose();

/** Lesson replay: a classroom recording between the lesson's start and end. */
export const LessonReplayDataSchema = MeetingFieldsSchema.extend({
  lesson_start_time: z.iso.datetime({ offset: true }).optional(),
  lesson_end_time: z.iso.datetime({ offset: true }).optional(),
}).loose();

export const TEACHING_MODELS = ['online', 'offline'] as const;

/** Trial teaching (spec 001 §3 "Trial teaching data", sent in snake_case like every `data`). */
export const TrialTeachingDataSchema = MeetingFieldsSchema.extend({
  teaching_model: z.enum(TEACHING_MODELS).optional(),
  member_count: z.number().int().min(0).max(100_000).optional(),
  location: z.string().max(200).optional(),
  record_sync_finished: z.boolean().optional(),
  meeting_host_user_id: z.number().int().positive().optional(),
}).loose();
