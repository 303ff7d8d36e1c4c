import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { isActivityType } from '@lectern/contracts/activities/activity-types';
import { isCompletionCriterionType } from '@lectern/contracts/activities/completion-criteria';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { takesValue, valueSuffix } from './completion-criteria-input.rules.ts';

/** The localised name of an activity type; a type this client does not know shows as it is. */
export function activityTypeName(t: TFunction<'activities'>, type: string): string {
  return isActivityType(type) ? t(`types.${type}`) : type;
}

export function criterionName(t: TFunction<'activities'>, key: string): string {
  return isCompletionCriterionType(key) ? t(`criteria.${key}`) : key;
}

/** "Completeness 80%", "Score reached 60", "Viewed". */
export function completionText(
  t: TFunction<'activities'>,
  activity: Pick<Activity, 'completion_criterion_key' | 'completion_criterion_value'>,
): string {
  const name = criterionName(t, activity.completion_criterion_key);
  const value = activity.completion_criterion_value;
  if (!takesValue(activity.completion_criterion_key) || value === null) return name;
  return t('completion.withValue', {
    name,
    value: `${value}${valueSuffix(activity.completion_criterion_key) ?? ''}`,
  });
}

/**
 * Activity times are displayed like every other date (YYYY-MM-DD HH:mm:ss, in the viewer's zone); the
 * spec's yyyy-MM-dd HH:mm is the picker's format only.
 */
export function formatActivityTime(value: string | null): string {
  return formatDateTime(value);
}

/** Start–end, start with no deadline, ends on, or not set (spec 001 activity detail views). */
export function activityTimeText(
  t: TFunction<'activities'>,
  activity: Pick<Activity, 'start_time' | 'end_time'>,
): string {
  const start = formatActivityTime(activity.start_time);
  const end = formatActivityTime(activity.end_time);
  if (start && end) return t('time.range', { start, end });
  if (start) return t('time.noDeadline', { start });
  if (end) return t('time.endsOn', { end });
  return t('time.notSet');
}
