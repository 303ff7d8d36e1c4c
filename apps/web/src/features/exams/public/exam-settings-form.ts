import { ExamDataSchema, examSettings, type ExamData } from '@lectern/contracts/exams/exam-settings';

/** The exam-specific inputs of the activity form; stored in the activity's `data`. */
export type ExamSettingsFormValues = Pick<
  ExamData,
  | 'total_points'
  | 'submit_times'
  | 'score_rule'
  | 'announce_answer_type'
  | 'announce_score_type'
  | 'random_subject_order'
  | 'random_option_order'
  | 'display_mode'
  | 'has_make_up_user'
> & {
  announce_answer_time: string | null;
  announce_score_time: string | null;
  group_set_id: number | null;
  /** Minutes per attempt; null (the input left empty) for no limit. */
  time_limit_minutes: number | null;
};

export const EXAM_SETTING_FIELDS: readonly (keyof ExamSettingsFormValues)[] = [
  'total_points',
  'submit_times',
  'time_limit_minutes',
  'score_rule',
  'announce_answer_type',
  'announce_answer_time',
  'announce_score_type',
  'announce_score_time',
  'random_subject_order',
  'random_option_order',
  'display_mode',
  'group_set_id',
  'has_make_up_user',
];

export const EXAM_ACTIVITY_TYPES: readonly string[] = ['exam', 'classroom_exam'];

export function isExamActivityType(type: string | undefined): boolean {
  return type !== undefined && EXAM_ACTIVITY_TYPES.includes(type);
}

/** The form's starting values: the stored settings, defaults filled in. */
export function examSettingsFormValues(data: Record<string, unknown> = {}): ExamSettingsFormValues {
  const settings = examSettings(data);
  return {
    total_points: settings.total_points,
    submit_times: settings.submit_times,
    time_limit_minutes: settings.time_limit_minutes ?? null,
    score_rule: settings.score_rule,
    announce_answer_type: settings.announce_answer_type,
    announce_answer_time: settings.announce_answer_time ?? null,
    announce_score_type: settings.announce_score_type,
    announce_score_time: settings.announce_score_time ?? null,
    random_subject_order: settings.random_subject_order,
    random_option_order: settings.random_option_order,
    display_mode: settings.display_mode,
    group_set_id: settings.group_set_id ?? null,
    has_make_up_user: settings.has_make_up_user,
  };
}

/**
 * The settings to store. A release date only travels with the "after a date" choice, so switching back to
 * "never" does not leave a stale date behind.
 */
export function examDataFromForm(values: Partial<ExamSettingsFormValues> | undefined): Partial<ExamData> {
  const merged = { ...examSettingsFormValues(), ...values };
  const data: Record<string, unknown> = { ...merged };
  if (merged.announce_answer_type !== 'after_date') delete data.announce_answer_time;
  if (merged.announce_score_type !== 'after_date') delete data.announce_score_time;
  if (merged.group_set_id === null) delete data.group_set_id;
  return ExamDataSchema.safeParse(data).success
    ? (ExamDataSchema.parse(data) as Partial<ExamData>)
    : (data as Partial<ExamData>);
}
