import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { TencentRecurringRuleSchema } from './meeting-data.ts';

export const MeetingActivityParamsSchema = z.object({ id: IdSchema });

export const MEETING_ADAPTERS = ['generic', 'bigbluebutton', 'tencent', 'lark', 'calendar'] as const;
export const MeetingAdapterSchema = z.enum(MEETING_ADAPTERS);
export type MeetingAdapterName = z.infer<typeof MeetingAdapterSchema>;

export const MeetingStatusSchema = z.enum(['not_started', 'in_progress', 'expired']);

/**
 * none: no replay exists or playback is off; generating: a replay is expected but the 30 minutes after
 * the end have not passed; available: `replay_addresses` are given.
 */
export const PlaybackStateSchema = z.enum(['none', 'generating', 'available']);
export type PlaybackState = z.infer<typeof PlaybackStateSchema>;

export const MeetingUserSchema = z.object({ id: z.number().int(), name: z.string(), user_no: z.string() });

/** `GET /api/activities/{id}/meeting`: what the status panel shows, decided by the server. */
export const MeetingStateResponseSchema = z
  .object({
    activity_id: z.number().int(),
    type: z.string(),
    adapter: MeetingAdapterSchema,
    status: MeetingStatusSchema,
    meeting_id: z.string().nullable(),
    meeting_code: z.string().nullable(),
    host: MeetingUserSchema.nullable(),
    is_host: z.boolean(),
    can_join: z.boolean(),
    playback_enabled: z.boolean(),
    playback_state: PlaybackStateSchema,
    playback_available_at: IsoDateTimeSchema.nullable(),
    replay_addresses: z.array(z.string()),
    /** Instructors on an expired meeting see the participants link; it opens 1 hour after the end. */
    can_view_participants: z.boolean(),
    participants_available_at: IsoDateTimeSchema.nullable(),
    has_mobile_phone: z.boolean(),
  })
  .meta({ id: 'MeetingState' });
export type MeetingStateResponse = z.infer<typeof MeetingStateResponseSchema>;

/** `POST /api/activities/{id}/meeting/join`: the caller's own join link (host link for the host). */
export const JoinMeetingResponseSchema = z.object({ url: z.string(), role: z.enum(['host', 'guest']) });
export type JoinMeetingResponse = z.infer<typeof JoinMeetingResponseSchema>;

/** `conditions` is JSON as the original clients send it: `{"user_name": "…"}`. */
export const ParticipantConditionsSchema = z.object({ user_name: z.string().max(100).optional() }).loose();

export const ParticipantsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  conditions: z.string().max(2000).optional(),
  sub_meeting_id: z.string().max(128).optional(),
});
export type ParticipantsQuery = z.input<typeof ParticipantsQuerySchema>;

export const ParticipantSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_no: z.string(),
  /** Seconds connected, when the vendor reports it; null for links opened through Lectern only. */
  connected_duration: z.number().int().nullable(),
  first_joined_at: IsoDateTimeSchema,
  join_count: z.number().int(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/** `GET /api/activities/{id}/meeting/participant` → `result.participants`, `pages`, `total`. */
export const ParticipantsResponseSchema = z
  .object({
    result: z.object({
      participants: z.array(ParticipantSchema),
      page: z.number().int(),
      page_size: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
    }),
  })
  .meta({ id: 'MeetingParticipants' });
export type ParticipantsResponse = z.infer<typeof ParticipantsResponseSchema>;

/** `GET /api/dingtalk-lives/{id}/watch-stats`: viewers who opened the live through Lectern. */
export const WatchStatsResponseSchema = z.object({
  viewer_count: z.number().int(),
  watch_count: z.number().int(),
  viewers: z.array(
    z.object({
      user_name: z.string(),
      user_no: z.string(),
      watch_count: z.number().int(),
      first_watched_at: IsoDateTimeSchema,
    }),
  ),
});
export type WatchStatsResponse = z.infer<typeof WatchStatsResponseSchema>;

/** `GET /api/activies/classin/join-url` (sic, the original path). */
export const ClassinJoinQuerySchema = z.object({
  course_id: z.coerce.number().int().positive(),
  activity_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive().optional(),
});
export const ClassinWebcastQuerySchema = z.object({
  activity_id: z.coerce.number().int().positive(),
  course_id: z.coerce.number().int().positive().optional(),
});
export const UrlResponseSchema = z.object({ url: z.string() });

/** Lark and Tencent authorisation checks: honest about a vendor this server is not connected to. */
export const VendorAuthResponseSchema = z.object({
  configured: z.boolean(),
  authorized: z.boolean(),
  authorization_url: z.string().nullable(),
  message: z.string().nullable(),
});
export type VendorAuthResponse = z.infer<typeof VendorAuthResponseSchema>;
export const LarkAuthQuerySchema = z.object({ state: z.string().max(2000).optional() });

export const TimePeriodsQuerySchema = z.object({ meeting_type: z.string().min(1).max(64) });
export const TimePeriodsResponseSchema = z.object({
  timetables: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Days of the week (0 Sunday … 6 Saturday) on which meetings of this type may be booked. */
  enabled_days: z.array(z.number().int().min(0).max(6)),
});

const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** One weekly booking configuration of a meeting type (MEETING_TIME_PERIODS on the server). */
export const MeetingTimePeriodsSchema = z.object({
  timetables: z.array(z.object({ start: ClockTimeSchema, end: ClockTimeSchema })).max(48),
  enabled_days: z.array(z.number().int().min(0).max(6)).max(7),
});
export const MeetingTimePeriodsConfigSchema = z.record(z.string(), MeetingTimePeriodsSchema);

/**
 * `POST /api/courses/tencent-meeting/activities`: one Tencent meeting created with the caller's bound
 * Tencent userid as host, and a `tencent_meeting` activity for it in each listed course (in the module
 * `modules` names for it, else the course's first module).
 */
export const TencentActivitiesRequestSchema = z
  .object({
    courses: z.array(IdSchema).min(1).max(100),
    modules: z
      .array(z.object({ course_id: IdSchema, module_id: IdSchema }))
      .max(100)
      .optional(),
    title: z.string().trim().min(1).max(255),
    start_time: IsoDateTimeSchema,
    end_time: IsoDateTimeSchema,
    description: z.string().max(20_000).optional(),
    tencent_meeting_type: z.enum(['meeting', 'recurring_meeting']).default('meeting'),
    recurring_rule: TencentRecurringRuleSchema.optional(),
    playback: z.boolean().optional(),
    published: z.boolean().optional(),
  })
  .loose();
export type TencentActivitiesRequest = z.input<typeof TencentActivitiesRequestSchema>;

export const VendorMeetingSchema = z.object({
  meeting_id: z.string(),
  meeting_code: z.string().nullable(),
  join_url: z.string().nullable(),
});
export type VendorMeeting = z.infer<typeof VendorMeetingSchema>;

export const TencentActivitiesResponseSchema = z.object({
  meeting: VendorMeetingSchema,
  activities: z.array(z.object({ id: z.number().int(), course_id: z.number().int() })),
});
export type TencentActivitiesResponse = z.infer<typeof TencentActivitiesResponseSchema>;

/** `PUT /api/tencent_meeting/user-binding`: the caller's userid in the organisation's Tencent Meeting. */
export const TencentBindingRequestSchema = z.object({ userid: z.string().trim().min(1).max(64) });
export type TencentBindingRequest = z.infer<typeof TencentBindingRequestSchema>;
export const TencentBindingResponseSchema = z.object({ userid: z.string().nullable() });
export type TencentBindingResponse = z.infer<typeof TencentBindingResponseSchema>;

/** `GET /api/lark/authorization/callback`: where Lark sends the browser back after consent. */
export const LarkCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * `POST /api/calendar-meeting`: a meeting booked into people's calendars. The activity is created and an
 * iCalendar (RFC 5545) invite is issued to the course's members: offered as a file, and PUT into the
 * configured CalDAV collection when there is one.
 */
export const CalendarMeetingRequestSchema = z
  .object({
    course_id: IdSchema,
    module_id: IdSchema,
    syllabus_id: IdSchema.nullable().optional(),
    type: z.string().min(1).max(64).default('google_meeting'),
    title: z.string().trim().min(1).max(255),
    start_time: IsoDateTimeSchema,
    end_time: IsoDateTimeSchema,
    description: z.string().max(20_000).optional(),
    join_url: z.url({ protocol: /^https?$/ }).optional(),
    location: z.string().max(200).optional(),
    published: z.boolean().optional(),
  })
  .loose();
export type CalendarMeetingRequest = z.input<typeof CalendarMeetingRequestSchema>;

export const CalendarMeetingResponseSchema = z.object({
  activity_id: z.number().int(),
  /** The invite as a file (`GET /api/activities/{id}/meeting/invite.ics`). */
  ics_url: z.string(),
  /** stored: PUT into the CalDAV collection; not_configured: no CalDAV server, the file only. */
  caldav: z.enum(['stored', 'not_configured']),
  attendee_count: z.number().int(),
});
export type CalendarMeetingResponse = z.infer<typeof CalendarMeetingResponseSchema>;

/** `POST /api/activities/{id}/meeting/vendor`: the meeting reserved on its vendor by the caller. */
export const VendorMeetingResponseSchema = VendorMeetingSchema;
