import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { deriveActivityStatus } from '@lectern/contracts/activities/activity-status';
import type {
  CompletionCriterionOption,
  CompletionCriterionType,
} from '@lectern/contracts/activities/completion-criteria';
import type { Locale } from '@lectern/contracts/common/locale';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { translate } from '../../platform/messages.ts';
import type { ActivityDetailRow } from './activities.repository.ts';

export type ActivityViewer = {
  /** The activity's attachments as this viewer sees them. */
  uploads: UploadReference[];
  read: boolean;
  canEdit: boolean;
  /** Learners only (undefined leaves the field out): the completion criterion is met. */
  completed?: boolean | undefined;
};

/** Rows become wire shapes here and nowhere else. Derived fields are computed against `now`. */
export function presentActivity(
  row: ActivityDetailRow,
  viewer: ActivityViewer,
  now: Date = new Date(),
): Activity {
  const startTime = row.startTime?.toISOString() ?? null;
  const endTime = row.endTime?.toISOString() ?? null;
  const lastSubMeetingEndTime = lastSubMeetingEnd(row.data);
  return {
    id: row.id,
    course_id: row.courseId,
    module_id: row.moduleId,
    syllabus_id: row.syllabusId,
    module_name: row.moduleName,
    syllabus_summary: row.syllabusSummary,
    type: row.type,
    title: row.title,
    data: row.data,
    start_time: startTime,
    end_time: endTime,
    deadline: endTime,
    description: typeof row.data.description === 'string' ? row.data.description : null,
    last_sub_meeting_end_time: lastSubMeetingEndTime,
    published: row.published,
    is_started: row.startTime === null || row.startTime.getTime() <= now.getTime(),
    is_closed: row.endTime !== null && row.endTime.getTime() <= now.getTime(),
    status: deriveActivityStatus(
      { start_time: startTime, end_time: endTime, last_sub_meeting_end_time: lastSubMeetingEndTime },
      now,
    ),
    completion_criterion: row.completionCriterionKey,
    completion_criterion_key: row.completionCriterionKey,
    completion_criterion_value: row.completionCriterionValue,
    sort: row.sort,
    created_by: { id: row.createdBy, name: row.creatorName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    uploads: viewer.uploads,
    can_edit: viewer.canEdit,
    read: viewer.read,
    ...(viewer.completed === undefined ? {} : { completed: viewer.completed }),
  };
}

/** Recurring meetings keep the end of their last sub-meeting in `data`; anything unparsable is ignored. */
function lastSubMeetingEnd(data: Record<string, unknown>): string | null {
  const value = data.last_sub_meeting_end_time;
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function presentCompletionCriterion(option: CompletionCriterionOption, locale: Locale) {
  const key: `activities.criterion.${CompletionCriterionType}` = `activities.criterion.${option.completion_criterion_type}`;
  return { ...option, description: translate(locale, key) };
}
