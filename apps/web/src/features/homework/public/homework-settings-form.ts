import {
  ANNOUNCE_SCORE_TYPES,
  HOMEWORK_LIMITS,
  homeworkSettings,
  type AnnounceScoreType,
  type HomeworkData,
} from '@lectern/contracts/homework/homework-settings';

/**
 * The homework inputs of the activity form, stored in the activity's `data`. Two are the form's own:
 * `is_group` (a group set is only sent for group homework) and `limit_submissions` (unlimited is null).
 */
export interface HomeworkSettingsFormValues {
  is_group: boolean;
  group_set_id: number | null;
  limit_submissions: boolean;
  submit_times: number | null;
  allow_late_submission: boolean;
  late_submission_end_time: string | null;
  duplicate_check_enabled: boolean;
  duplicate_check_threshold: number;
  announceScoreType: AnnounceScoreType;
  announceScoreTime: string | null;
}

/** Stored fields this form edits; a server error on `data.<field>` shows under the matching input. */
export const HOMEWORK_SETTING_FIELDS: readonly (keyof HomeworkData & keyof HomeworkSettingsFormValues)[] = [
  'group_set_id',
  'submit_times',
  'allow_late_submission',
  'late_submission_end_time',
  'duplicate_check_enabled',
  'duplicate_check_threshold',
  'announceScoreType',
  'announceScoreTime',
];

export function isHomeworkActivityType(type: string | undefined): boolean {
  return type === 'homework';
}

/** The form's starting values: the stored settings, defaults filled in. */
export function homeworkSettingsFormValues(data: Record<string, unknown> = {}): HomeworkSettingsFormValues {
  const settings = homeworkSettings(data);
  return {
    is_group: settings.group_set_id != null,
    group_set_id: settings.group_set_id ?? null,
    limit_submissions: settings.submit_times !== null,
    submit_times: settings.submit_times ?? 1,
    allow_late_submission: settings.allow_late_submission,
    late_submission_end_time: settings.late_submission_end_time ?? null,
    duplicate_check_enabled: settings.duplicate_check_enabled,
    duplicate_check_threshold:
      settings.duplicate_check_threshold ?? HOMEWORK_LIMITS.duplicateThresholdDefault,
    announceScoreType: settings.announceScoreType,
    announceScoreTime: settings.announceScoreTime ?? null,
  };
}

/**
 * The settings to store. A value that only means something with its switch on (group set, late end,
 * publish time) is cleared with the switch off, so a stale one never comes back to life.
 */
export function homeworkDataFromForm(
  values: Partial<HomeworkSettingsFormValues> | undefined,
): Partial<HomeworkData> {
  const v = { ...homeworkSettingsFormValues(), ...values };
  return {
    group_set_id: v.is_group ? v.group_set_id : null,
    submit_times: v.limit_submissions ? v.submit_times : null,
    allow_late_submission: v.allow_late_submission,
    late_submission_end_time: v.allow_late_submission ? v.late_submission_end_time : null,
    duplicate_check_enabled: v.duplicate_check_enabled,
    duplicate_check_threshold: v.duplicate_check_threshold,
    announceScoreType: v.announceScoreType,
    announceScoreTime: v.announceScoreType === ANNOUNCE_SCORE_TYPES.customTime ? v.announceScoreTime : null,
  };
}
