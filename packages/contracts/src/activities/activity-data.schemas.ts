import { z } from 'zod';
import { ExamDataSchema } from '../exams/exam-settings.ts';
import { HomeworkDataSchema } from '../homework/homework-settings.ts';
import {
  ClassinDataSchema,
  DingtalkLiveDataSchema,
  LessonReplayDataSchema,
  MeetingDataSchema,
  TencentMeetingDataSchema,
  TrialTeachingDataSchema,
  WebexMeetingDataSchema,
} from '../meetings/meeting-data.ts';
import { LectureLiveDataSchema } from '../lecture-live/lecture-live-settings.ts';
import { QuestionnaireDataSchema } from '../questionnaires/questionnaire-settings.ts';
import { VoteDataSchema } from '../votes/vote-settings.ts';
import { ACTIVITY_TYPES, type ActivityType } from './activity-types.ts';

/**
 * Per-type payloads of `activity.data`. Each domain registers the schema of the types it owns here;
 * the server validates `data` against it on create and update, and the web renders by type.
 */
/** Only web links: a `javascript:` or `data:` URL in a link would run in the viewer's session. */
const WebUrlSchema = z.url({ protocol: /^https?$/, error: 'activities.urlInvalid' });

/** One schema for each of ACTIVITY_TYPES, no more, no fewer (checked by `satisfies`). */
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
  lecture_live: LectureLiveDataSchema,
  tencent_meeting: TencentMeetingDataSchema,
  classin: ClassinDataSchema,
  dingtalk_live: DingtalkLiveDataSchema,
  webex_meeting: WebexMeetingDataSchema,
  lark_meeting: MeetingDataSchema,
  wecom_meeting: MeetingDataSchema,
  microsoft_teams_meeting: MeetingDataSchema,
  google_meeting: MeetingDataSchema,
  welink: MeetingDataSchema,
  chinamcloud_live: MeetingDataSchema,
  lesson_replay: LessonReplayDataSchema,
  trial_teaching: TrialTeachingDataSchema,
  exam: ExamDataSchema,
  classroom_exam: ExamDataSchema,
  vote: VoteDataSchema,
  questionnaire: QuestionnaireDataSchema,
} as const satisfies Record<ActivityType, z.ZodType>;

export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES);
