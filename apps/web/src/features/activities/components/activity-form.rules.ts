import type {
  Activity,
  CreateActivityRequest,
  UpdateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import {
  examDataFromForm,
  examSettingsFormValues,
  isExamActivityType,
  type ExamSettingsFormValues,
} from '../../exams/public/exam-settings-form.ts';
import {
  homeworkDataFromForm,
  homeworkSettingsFormValues,
  isHomeworkActivityType,
  type HomeworkSettingsFormValues,
} from '../../homework/public/homework-settings-form.ts';
import type { UploadedFile } from '../../uploads/public/upload-field.tsx';
import {
  isVoteActivityType,
  voteDataFromForm,
  voteSettingsFormValues,
  type VoteSettingsFormValues,
} from '../../votes/public/vote-settings-form.ts';
import {
  isQuestionnaireActivityType,
  questionnaireDataFromForm,
  questionnaireSettingsFormValues,
  type QuestionnaireSettingsFormValues,
} from '../../questionnaires/public/questionnaire-settings-form.ts';
import { completionRequest, type CompletionValue } from './completion-criteria-input.rules.ts';

/** The `data` fields the activity form edits; anything else in `data` is kept as it is on update. */
export const DATA_FIELDS = ['content', 'url', 'meeting_code', 'join_url', 'description'] as const;
export type DataField = (typeof DATA_FIELDS)[number];
export type ActivityDataValues = Partial<Record<DataField, string>>;

export interface ActivityFormValues {
  module_id?: number;
  syllabus_id?: number | null;
  type?: string;
  title?: string;
  /** UTC ISO strings, as the shared DateTimePicker gives them. */
  start_time?: string | null;
  end_time?: string | null;
  published?: boolean;
  data?: ActivityDataValues;
  uploads?: UploadedFile[];
  /** Undefined until the user touches the input: the server then applies the type's default. */
  completion?: CompletionValue;
  /** Exam and classroom exam settings, stored in `data`. */
  exam?: Partial<ExamSettingsFormValues>;
  /** Homework settings, stored in `data`. */
  homework?: Partial<HomeworkSettingsFormValues>;
  /** Vote settings and options, stored in `data`. */
  vote?: Partial<VoteSettingsFormValues>;
  /** Questionnaire settings, stored in `data`. */
  questionnaire?: Partial<QuestionnaireSettingsFormValues>;
}

const ATTACHMENT_TYPES: readonly string[] = ['material', 'online_video', 'homework'];
const DESCRIBED_TYPES: readonly string[] = [
  'material',
  'online_video',
  'h5_courseware',
  'forum',
  'homework',
  'web_link',
  'questionnaire',
];

/** Which type-specific inputs the form shows for an activity type, in display order. */
export function dataFieldsFor(type: string | undefined): DataField[] {
  if (!type) return [];
  if (type === 'page') return ['content'];
  if (type === 'web_link') return ['url', 'description'];
  if ((MEETING_TYPES as readonly string[]).includes(type)) {
    return ['meeting_code', 'join_url', 'description'];
  }
  return DESCRIBED_TYPES.includes(type) ? ['description'] : [];
}

/** Types whose files are attached in the form. */
export function takesAttachments(type: string | undefined): boolean {
  return type !== undefined && ATTACHMENT_TYPES.includes(type);
}

/** Online videos take video files only; the server still judges every file by its bytes. */
export function attachmentAccept(type: string | undefined): string | undefined {
  return type === 'online_video' ? 'video/*' : undefined;
}

/** Http and https only: a `javascript:` link would run in the viewer's session. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The type payload to send. `data` replaces the stored payload entirely, so on update the fields this form
 * does not edit (meeting ids, hosts, durations) are carried over from the activity; blank inputs are left out.
 */
export function buildActivityData(
  type: string,
  values: ActivityDataValues | undefined,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const edited: readonly string[] = dataFieldsFor(type);
  const data = Object.fromEntries(Object.entries(stored).filter(([key]) => !edited.includes(key)));
  for (const field of dataFieldsFor(type)) {
    const text = values?.[field]?.trim() ?? '';
    if (text) data[field] = text;
  }
  return data;
}

function commonFields(type: string, values: ActivityFormValues) {
  return {
    module_id: values.module_id,
    syllabus_id: values.syllabus_id ?? null,
    title: values.title?.trim() ?? '',
    start_time: values.start_time ?? null,
    end_time: values.end_time ?? null,
    published: values.published ?? false,
    ...(values.completion ? completionRequest(values.completion) : {}),
    ...(takesAttachments(type) ? { uploads: (values.uploads ?? []).map((file) => file.upload_id) } : {}),
  };
}

function typeData(type: string, values: ActivityFormValues, stored?: Record<string, unknown>) {
  const data = buildActivityData(type, values.data, stored);
  if (isExamActivityType(type)) return { ...data, ...examDataFromForm(values.exam) };
  if (isHomeworkActivityType(type)) return { ...data, ...homeworkDataFromForm(values.homework) };
  if (isVoteActivityType(type)) return { ...data, ...voteDataFromForm(values.vote) };
  if (isQuestionnaireActivityType(type)) {
    return { ...data, ...questionnaireDataFromForm(values.questionnaire) };
  }
  return data;
}

export function toCreateRequest(values: ActivityFormValues): CreateActivityRequest {
  const type = values.type ?? '';
  return {
    type,
    ...commonFields(type, values),
    data: typeData(type, values),
  };
}

export function toUpdateRequest(values: ActivityFormValues, activity: Activity): UpdateActivityRequest {
  return {
    ...commonFields(activity.type, values),
    data: typeData(activity.type, values, activity.data),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The form's starting point when editing: the activity as the server describes it. */
export function formValuesFromActivity(activity: Activity): ActivityFormValues {
  const data: ActivityDataValues = {};
  for (const field of DATA_FIELDS) {
    const value = text(activity.data[field]);
    if (value !== undefined) data[field] = value;
  }
  return {
    module_id: activity.module_id,
    syllabus_id: activity.syllabus_id,
    type: activity.type,
    title: activity.title,
    start_time: activity.start_time,
    end_time: activity.end_time,
    published: activity.published,
    data,
    uploads: [...activity.uploads]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((reference) => ({ upload_id: reference.upload_id, name: reference.name, size: reference.size })),
    completion: { key: activity.completion_criterion_key, value: activity.completion_criterion_value },
    ...(isExamActivityType(activity.type) ? { exam: examSettingsFormValues(activity.data) } : {}),
    ...(isHomeworkActivityType(activity.type) ? { homework: homeworkSettingsFormValues(activity.data) } : {}),
    ...(isVoteActivityType(activity.type) ? { vote: voteSettingsFormValues(activity.data) } : {}),
    ...(isQuestionnaireActivityType(activity.type)
      ? { questionnaire: questionnaireSettingsFormValues(activity.data) }
      : {}),
  };
}
