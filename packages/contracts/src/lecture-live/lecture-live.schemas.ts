import { z } from 'zod';
import { ConditionsSchema, PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { ACTIVITY_TYPES, MEETING_TYPES } from '../activities/activity-types.ts';
import { LECTURE_LIVE_STATUSES } from './lecture-live-status.ts';

export const LectureLiveIdParamsSchema = z.object({ id: IdSchema });
export const LectureLiveStatusSchema = z.enum(LECTURE_LIVE_STATUSES);

/** Why the live features cannot run on this server. */
export const LIVE_UNAVAILABLE_REASONS = ['ffmpeg_missing', 'ingest_disabled'] as const;
export const LiveUnavailableReasonSchema = z.enum(LIVE_UNAVAILABLE_REASONS);
export type LiveUnavailableReason = z.infer<typeof LiveUnavailableReasonSchema>;

export const LiveStreamSchema = z.object({
  /** Same-origin HLS playlist, authorised by the session cookie. */
  url: z.string(),
  type: z.literal('hls'),
  label: z.string(),
});
export type LiveStream = z.infer<typeof LiveStreamSchema>;

export const ReplayVideoSchema = z.object({
  id: z.number().int(),
  replay_id: z.number().int(),
  url: z.string(),
  label: z.string(),
  duration: z.number().nullable(),
});
export type ReplayVideo = z.infer<typeof ReplayVideoSchema>;

/**
 * `GET /api/lecture-lives/{id}`: the lecture live detail (spec 000 section 3). Streams and replay videos
 * are empty when the caller may not view them (view_live / view_record false), so the page shows its
 * forbidden view instead of a player.
 */
export const LectureLiveDetailSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    org_id: z.number().int(),
    module_id: z.number().int(),
    syllabus_id: z.number().int().nullable(),
    title: z.string(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    instructor_names: z.array(z.string()),
    room: z.string().nullable(),
    type: z.literal('lecture_live'),
    description: z.string(),
    status: LectureLiveStatusSchema,
    streams: z.array(LiveStreamSchema),
    replay_videos: z.array(ReplayVideoSchema),
    replay_id: z.number().int().nullable(),
    view_live: z.boolean(),
    view_record: z.boolean(),
    is_booked_live: z.boolean(),
    booked_count: z.number().int(),
    can_book_live: z.boolean(),
    can_reprocess_replay: z.boolean(),
    /** The teaching team's extras: the ingest panel and viewing statistics. */
    can_manage: z.boolean(),
    /** Replay transcode progress while processing (spec 001: progress leftSecond, progress, retryTimes). */
    progress: z
      .object({ left_second: z.number().nullable(), progress: z.number(), retry_times: z.number().int() })
      .nullable(),
    controller_config: z.object({ volume: z.number(), quality_label: z.string(), autoplay: z.boolean() }),
    live_caption_config: z.object({ enabled: z.boolean() }),
    /** null when the server can run lives; otherwise why not (the page says so in the user's language). */
    unavailable_reason: LiveUnavailableReasonSchema.nullable(),
    data: z.object({ external_live_id: z.string().nullable() }),
  })
  .meta({ id: 'LectureLiveDetail' });
export type LectureLiveDetail = z.infer<typeof LectureLiveDetailSchema>;

/** `POST` / `DELETE /api/live-activities/{id}/book-live`. */
export const BookLiveResponseSchema = z.object({
  is_booked_live: z.boolean(),
  booked_count: z.number().int(),
});
export type BookLiveResponse = z.infer<typeof BookLiveResponseSchema>;

/** The teaching team's ingest panel: where OBS (or any RTMP encoder) pushes, and the secret key. */
export const LiveIngestSchema = z
  .object({
    available: z.boolean(),
    unavailable_reason: LiveUnavailableReasonSchema.nullable(),
    /** rtmp://host:port/live; null while no listener runs for this activity. */
    server_url: z.string().nullable(),
    stream_key: z.string(),
    /** server_url + '/' + stream_key, for encoders that take one URL. */
    full_url: z.string().nullable(),
    stream_state: z.enum(['idle', 'publishing', 'ended']),
  })
  .meta({ id: 'LiveIngest' });
export type LiveIngest = z.infer<typeof LiveIngestSchema>;

/** `POST /api/courses/lecture-live-activity/{id}/reprocess`. */
export const ReprocessReplayRequestSchema = z.object({ replay_id: IdSchema });
export type ReprocessReplayRequest = z.input<typeof ReprocessReplayRequestSchema>;

/** `POST /api/lecture-live/schedule/{id}/player-visits`, sent every 10 s while the player plays. */
export const PlayerVisitRequestSchema = z.object({
  clientType: z.enum(['web', 'mobile', 'app']).default('web'),
  /** Which player: the live stream or a replay; by default whichever the status offers. */
  mode: z.enum(['live', 'replay']).optional(),
});
export type PlayerVisitRequest = z.input<typeof PlayerVisitRequestSchema>;

export const PlayerVisitResponseSchema = z.object({
  live_seconds: z.number().int(),
  replay_seconds: z.number().int(),
});
export type PlayerVisitResponse = z.infer<typeof PlayerVisitResponseSchema>;

/** `GET /api/lecture-lives/{id}/viewing-stats`: who watched and how long (teaching team). */
export const ViewingStatsResponseSchema = z.object({
  viewer_count: z.number().int(),
  student_count: z.number().int(),
  total_live_seconds: z.number().int(),
  total_replay_seconds: z.number().int(),
  viewers: z.array(
    z.object({
      user_id: z.number().int(),
      user_no: z.string(),
      name: z.string(),
      live_seconds: z.number().int(),
      replay_seconds: z.number().int(),
      last_visit_at: IsoDateTimeSchema,
    }),
  ),
});
export type ViewingStatsResponse = z.infer<typeof ViewingStatsResponseSchema>;

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : value,
    z.array(item).max(20),
  );

export const LIVE_ORDER_KEYS = ['start_time', 'end_time', 'created_at', 'title', 'id'] as const;

/** `GET /api/courses/{id}/live-activities` (types, order_keys, orders, page, page_size). */
export const LiveActivitiesQuerySchema = PageQuerySchema.extend({
  types: csv(z.enum(ACTIVITY_TYPES)).optional(),
  order_keys: csv(z.enum(LIVE_ORDER_KEYS)).optional(),
  orders: csv(z.enum(['asc', 'desc'])).optional(),
  conditions: ConditionsSchema,
});
export type LiveActivitiesQuery = z.input<typeof LiveActivitiesQuerySchema>;

/** A live activity as the lists send it (spec 001 "Live activity (wire)"). */
export const LiveActivitySchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    type: z.string(),
    title: z.string(),
    data: z.record(z.string(), z.unknown()),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    module_name: z.string(),
    syllabus_summary: z.string().nullable(),
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    created_at: IsoDateTimeSchema,
    completion_criterion: z.string(),
    meeting_host_user: z.object({ name: z.string(), user_no: z.string() }).nullable(),
    /** For lecture_live only: the derived status and booking state. */
    status: LectureLiveStatusSchema.nullable(),
    is_booked_live: z.boolean(),
    booked_count: z.number().int(),
  })
  .meta({ id: 'LiveActivity' });
export type LiveActivity = z.infer<typeof LiveActivitySchema>;

export const LiveActivitiesResponseSchema = PageMetaSchema.extend({
  activities: z.array(LiveActivitySchema),
});
export type LiveActivitiesResponse = z.infer<typeof LiveActivitiesResponseSchema>;

/** `GET /api/courses/{id}/extension-lives?source=`: the course's lives of one kind. */
export const ExtensionLivesQuerySchema = z.object({
  source: z.enum(MEETING_TYPES as unknown as [string, ...string[]]).default('lecture_live'),
});
export const ExtensionLivesResponseSchema = z.object({
  source: z.string(),
  extension_lives: z.array(LiveActivitySchema),
});
export type ExtensionLivesResponse = z.infer<typeof ExtensionLivesResponseSchema>;

export const CourseIdParamsSchema = z.object({ id: IdSchema });

/** HLS files: a playlist or segment name the server wrote itself; nothing else is served. */
export const HLS_FILE_PATTERN = /^[a-z0-9_-]{1,64}\.(m3u8|ts)$/;
/** The file name is judged after the caller's access, so a refused caller learns nothing from a 400. */
export const LiveHlsParamsSchema = z.object({ id: IdSchema, file: z.string().max(100) });
export const ReplayHlsParamsSchema = z.object({
  id: IdSchema,
  replayId: IdSchema,
  file: z.string().max(100),
});
