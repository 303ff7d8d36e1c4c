import { z } from 'zod';
import { ExamDataSchema } from '../exams/exam-settings.ts';
import { HomeworkDataSchema } from '../homework/homework-settings.ts';

/**
 * Per-type payloads of `activity.data`. Each domain registers the schema of the types it owns here;
 * the server validates `data` against it on create and update, and the web renders by type.
 */
/** Only web links: a `javascript:` or `data:` URL in a link would run in the viewer's session. */
const WebUrlSchema = z.url({ protocol: /^https?$/, error: 'activities.urlInvalid' });

const MeetingDataSchema = z
  .object({
    meeting_id: z.string().max(128).optional(),
    meeting_code: z.string().max(128).optional(),
    join_url: WebUrlSchema.optional(),
    host_user_id: z.number().int().positive().optional(),
    description: z.string().max(20_000).optional(),
    playback: z.boolean().optional(),
  })
  .loose();

export const ACTIVITY_DATA_SCHEMAS = {
  /** Courseware: files attached as upload references. */
  material: z.object({ description: z.string().max(20_000).optional() }).loose(),
  online_video: z
    .object({ description: z.string().max(20_000).optional(), duration: z.number().min(0).optional() })
    .loose(),
  page: z.object({ content: z.string().max(200_000).default('') }).loose(),
  web_link: z.object({ url: WebUrlSchema, description: z.string().max(20_000).optional() }).loose(),
  forum: z.object({ description: z.string().max(20_000).optional() }).loose(),
  homework: HomeworkDataSchema,
  h5_courseware: z.object({ description: z.string().max(20_000).optional() }).loose(),
  lecture_live: MeetingDataSchema,
  tencent_meeting: MeetingDataSchema,
  classin: MeetingDataSchema,
  dingtalk_live: MeetingDataSchema,
  webex_meeting: MeetingDataSchema,
  lark_meeting: MeetingDataSchema,
  wecom_meeting: MeetingDataSchema,
  microsoft_teams_meeting: MeetingDataSchema,
  google_meeting: MeetingDataSchema,
  exam: ExamDataSchema,
  classroom_exam: ExamDataSchema,
} as const;

export type ActivityType = keyof typeof ACTIVITY_DATA_SCHEMAS;

/** Top-level `data` keys that hold user HTML; the server sanitises them with the spec's allowlist. */
export const ACTIVITY_RICH_TEXT_FIELDS = ['content', 'description', 'reference_answer'] as const;
export const ACTIVITY_TYPES = Object.keys(ACTIVITY_DATA_SCHEMAS) as ActivityType[];
export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES as [ActivityType, ...ActivityType[]]);

export function isActivityType(value: string): value is ActivityType {
  return Object.hasOwn(ACTIVITY_DATA_SCHEMAS, value);
}

/** Types whose detail view is a live session or third-party meeting. */
export const MEETING_TYPES: readonly ActivityType[] = [
  'lecture_live',
  'tencent_meeting',
  'classin',
  'dingtalk_live',
  'webex_meeting',
  'lark_meeting',
  'wecom_meeting',
  'microsoft_teams_meeting',
  'google_meeting',
];

/** The types an instructor can create from the generic activity dialog. */
export const CREATABLE_ACTIVITY_TYPES: readonly ActivityType[] = [
  'material',
  'online_video',
  'page',
  'web_link',
  'forum',
  'homework',
  'h5_courseware',
  'lecture_live',
  'tencent_meeting',
  'classin',
  'exam',
  'classroom_exam',
];

/** List-item CSS/row key: underscores become hyphens (spec 001 "Activity list item"). */
export function activityRowKey(type: string): string {
  return type.replace(/_/g, '-');
}
