/**
 * The activity types and the lists and rules on them, without zod: the course page reads them on its
 * first load (decision 0014). Each type's `data` schema is in activity-data.schemas.ts, which must
 * name exactly these types.
 */
export const ACTIVITY_TYPES = [
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
  'dingtalk_live',
  'webex_meeting',
  'lark_meeting',
  'wecom_meeting',
  'microsoft_teams_meeting',
  'google_meeting',
  'welink',
  'chinamcloud_live',
  'lesson_replay',
  'trial_teaching',
  'exam',
  'classroom_exam',
  'vote',
  'questionnaire',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Top-level `data` keys that hold user HTML; the server sanitises them with the spec's allowlist. */
export const ACTIVITY_RICH_TEXT_FIELDS = ['content', 'description', 'reference_answer'] as const;

export function isActivityType(value: string): value is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(value);
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
  'welink',
  'chinamcloud_live',
  'lesson_replay',
  'trial_teaching',
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
  'dingtalk_live',
  'webex_meeting',
  'lark_meeting',
  'wecom_meeting',
  'microsoft_teams_meeting',
  'google_meeting',
  'welink',
  'chinamcloud_live',
  'lesson_replay',
  'trial_teaching',
  'exam',
  'classroom_exam',
  'vote',
  'questionnaire',
];

/** List-item CSS/row key: underscores become hyphens (spec 001 "Activity list item"). */
export function activityRowKey(type: string): string {
  return type.replace(/_/g, '-');
}
