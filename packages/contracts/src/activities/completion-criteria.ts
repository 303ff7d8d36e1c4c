import type { ActivityType } from './activity-types.ts';

/**
 * The completion criteria catalogue. Ids are stable (they travel on the wire as
 * activity_completion_criterion_type_id); never renumber.
 */
export const COMPLETION_CRITERIA = {
  none: { id: 1, needsValue: false },
  view: { id: 2, needsValue: false },
  completeness: { id: 3, needsValue: true },
  score: { id: 4, needsValue: true },
  submitted: { id: 5, needsValue: false },
  participate: { id: 6, needsValue: false },
} as const;

export type CompletionCriterionType = keyof typeof COMPLETION_CRITERIA;
export const COMPLETION_CRITERION_TYPES = Object.keys(COMPLETION_CRITERIA) as CompletionCriterionType[];

export function isCompletionCriterionType(value: string): value is CompletionCriterionType {
  return Object.hasOwn(COMPLETION_CRITERIA, value);
}

/** The criterion type a catalogue id names (activity_completion_criterion_type_id on the wire). */
export function criterionTypeById(id: number): CompletionCriterionType | undefined {
  return COMPLETION_CRITERION_TYPES.find((type) => COMPLETION_CRITERIA[type].id === id);
}

type TypeRule = {
  /** Criteria that apply, in display order. `none` always applies on the server. */
  criteria: readonly CompletionCriterionType[];
  default: CompletionCriterionType;
  /** Default values for criteria that take one (percent for completeness, points for score). */
  defaultValues?: Partial<Record<CompletionCriterionType, number>>;
};

const MEETING_RULE: TypeRule = { criteria: ['none', 'view'], default: 'view' };

export const COMPLETION_RULES: Record<ActivityType, TypeRule> = {
  material: { criteria: ['none', 'view'], default: 'view' },
  online_video: {
    criteria: ['none', 'view', 'completeness'],
    default: 'completeness',
    defaultValues: { completeness: 80 },
  },
  page: { criteria: ['none', 'view'], default: 'view' },
  web_link: { criteria: ['none', 'view'], default: 'view' },
  forum: { criteria: ['none', 'view', 'participate'], default: 'participate' },
  homework: { criteria: ['none', 'submitted', 'score'], default: 'submitted', defaultValues: { score: 60 } },
  h5_courseware: {
    criteria: ['none', 'view', 'completeness'],
    default: 'view',
    defaultValues: { completeness: 100 },
  },
  lecture_live: MEETING_RULE,
  tencent_meeting: MEETING_RULE,
  classin: MEETING_RULE,
  dingtalk_live: MEETING_RULE,
  webex_meeting: MEETING_RULE,
  lark_meeting: MEETING_RULE,
  wecom_meeting: MEETING_RULE,
  microsoft_teams_meeting: MEETING_RULE,
  google_meeting: MEETING_RULE,
  welink: MEETING_RULE,
  chinamcloud_live: MEETING_RULE,
  lesson_replay: MEETING_RULE,
  trial_teaching: MEETING_RULE,
  /** Spec 001 section 3: completionCriterionKey defaults to submitted. */
  exam: { criteria: ['none', 'submitted', 'score'], default: 'submitted', defaultValues: { score: 60 } },
  classroom_exam: {
    criteria: ['none', 'submitted', 'score'],
    default: 'submitted',
    defaultValues: { score: 60 },
  },
  /** Completed by opening it: a vote is a poll, not graded work. */
  vote: { criteria: ['none', 'view'], default: 'view' },
  /** Completed by opening it, like a vote: it is not graded work. */
  questionnaire: { criteria: ['none', 'view'], default: 'view' },
};

export type OrgCompletionSettings = {
  /** Org setting h5CoursewareCompleteness: H5 courseware is completed by a completeness percentage. */
  h5CoursewareCompleteness: boolean;
};

export type CompletionCriterionOption = {
  id: number;
  completion_criterion_type: CompletionCriterionType;
  value: number | null;
  is_default: boolean;
};

/**
 * The criteria an activity type offers under the org's settings (spec 001 section 5): for h5_courseware
 * with h5CoursewareCompleteness off, completeness is not offered; with it on, view is not offered and a
 * completeness percentage is the default. `none` is always accepted by the server; whether the select
 * shows it is `selectableCriteria`'s business.
 */
export function criteriaFor(
  type: ActivityType,
  settings: OrgCompletionSettings,
): CompletionCriterionOption[] {
  const rule = COMPLETION_RULES[type];
  let criteria = [...rule.criteria];
  let defaultType = rule.default;
  if (type === 'h5_courseware') {
    if (settings.h5CoursewareCompleteness) {
      criteria = criteria.filter((c) => c !== 'view');
      defaultType = 'completeness';
    } else {
      criteria = criteria.filter((c) => c !== 'completeness');
      defaultType = 'view';
    }
  }
  return criteria.map((criterion) => ({
    id: COMPLETION_CRITERIA[criterion].id,
    completion_criterion_type: criterion,
    value: COMPLETION_CRITERIA[criterion].needsValue ? (rule.defaultValues?.[criterion] ?? 0) : null,
    is_default: criterion === defaultType,
  }));
}

/** What the criteria select shows: never `none` (the radio covers it). */
export function selectableCriteria(
  options: readonly CompletionCriterionOption[],
): CompletionCriterionOption[] {
  return options.filter((o) => o.completion_criterion_type !== 'none');
}

/** A custom value input appears only for score and completeness; completeness is a percentage. */
export function criterionTakesValue(type: CompletionCriterionType): boolean {
  return COMPLETION_CRITERIA[type].needsValue;
}

export function criterionValueSuffix(type: CompletionCriterionType): '%' | null {
  return type === 'completeness' ? '%' : null;
}

export const COMPLETION_VALUE_RANGE: Record<'completeness' | 'score', { min: number; max: number }> = {
  completeness: { min: 1, max: 100 },
  score: { min: 0, max: 100 },
};

export type ResolvedCompletion =
  | { ok: true; key: CompletionCriterionType; value: number | null }
  | {
      ok: false;
      field: 'completion_criterion_key';
      reason: 'notApplicable';
      /** The criteria this type offers under the org settings, for the message. */
      allowed: CompletionCriterionType[];
    }
  | { ok: false; field: 'completion_criterion_value'; reason: 'valueRequired' }
  | {
      ok: false;
      field: 'completion_criterion_value';
      reason: 'valueOutOfRange';
      range: { min: number; max: number };
    };

/**
 * Resolves the criterion an activity is saved with: the type's default when no key is given, `none` when
 * chosen, and a value only for criteria that take one. An omitted value (undefined) takes the criterion's
 * default, as choosing a criterion in the form resets the value to its default; an explicit null means
 * the input was cleared, and a criterion that needs a value refuses it.
 */
export function resolveCompletion(
  type: ActivityType,
  settings: OrgCompletionSettings,
  requested: { key?: string | null | undefined; value?: number | null | undefined },
): ResolvedCompletion {
  const options = criteriaFor(type, settings);
  const key = requested.key ?? options.find((o) => o.is_default)?.completion_criterion_type ?? 'none';
  const option = options.find((o) => o.completion_criterion_type === key);
  if (!option) {
    return {
      ok: false,
      field: 'completion_criterion_key',
      reason: 'notApplicable',
      allowed: options.map((o) => o.completion_criterion_type),
    };
  }
  const criterion = option.completion_criterion_type;
  if (!criterionTakesValue(criterion)) return { ok: true, key: criterion, value: null };
  const value = requested.value === undefined ? option.value : requested.value;
  if (value === null || !Number.isFinite(value)) {
    return { ok: false, field: 'completion_criterion_value', reason: 'valueRequired' };
  }
  const range = COMPLETION_VALUE_RANGE[criterion as 'completeness' | 'score'];
  if (value < range.min || value > range.max) {
    return { ok: false, field: 'completion_criterion_value', reason: 'valueOutOfRange', range };
  }
  return { ok: true, key: criterion, value };
}
