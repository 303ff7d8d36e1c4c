import {
  COMPLETION_VALUE_RANGE,
  criterionTakesValue,
  criterionValueSuffix,
  isCompletionCriterionType,
  selectableCriteria,
  type CompletionCriterionType,
} from '@lectern/contracts/activities/completion-criteria';

export const NONE_CRITERION: CompletionCriterionType = 'none';

/** What the completion criteria input holds: a criterion key (`none` for none) and its value, if it takes one. */
export interface CompletionValue {
  key: string;
  value: number | null;
}

/** A criterion as GET /api/completion-criteria describes it. */
export interface CriterionOption {
  id: number;
  completion_criterion_type: string;
  description: string;
  value: number | null;
  is_default: boolean;
}

export type KnownCriterionOption = CriterionOption & { completion_criterion_type: CompletionCriterionType };

export const NONE_COMPLETION: CompletionValue = { key: NONE_CRITERION, value: null };

function isKnown(option: CriterionOption): option is KnownCriterionOption {
  return isCompletionCriterionType(option.completion_criterion_type);
}

/** The options the select offers: never `none` (the radio covers it), and no criterion this client does not know. */
export function selectableOptions(options: readonly CriterionOption[]): KnownCriterionOption[] {
  const known = options.filter(isKnown);
  const selectable = new Set(selectableCriteria(known).map((option) => option.id));
  return known.filter((option) => selectable.has(option.id));
}

function fromOption(option: KnownCriterionOption): CompletionValue {
  return {
    key: option.completion_criterion_type,
    value: criterionTakesValue(option.completion_criterion_type) ? option.value : null,
  };
}

/**
 * Where the input starts: an existing activity keeps what it has; a new one starts at the type's default
 * criterion (is_default) with that criterion's default value, or at none when the type has no default.
 */
export function initialCompletion(
  options: readonly CriterionOption[],
  stored?: CompletionValue | null,
): CompletionValue {
  if (stored) return stored;
  const fallback = options.filter(isKnown).find((option) => option.is_default);
  return fallback ? fromOption(fallback) : NONE_COMPLETION;
}

/** Choosing a criterion resets the value to that criterion's default value. */
export function chooseCriterion(options: readonly CriterionOption[], key: string): CompletionValue {
  const option = options.filter(isKnown).find((o) => o.completion_criterion_type === key);
  return option ? fromOption(option) : { key, value: null };
}

/**
 * Switching the radio to "has a criterion" picks the type's default criterion, or the first one offered
 * when the default is none. Undefined when the type offers nothing but none.
 */
export function chooseHasCriterion(options: readonly CriterionOption[]): CompletionValue | undefined {
  const selectable = selectableOptions(options);
  const option = selectable.find((o) => o.is_default) ?? selectable[0];
  return option ? fromOption(option) : undefined;
}

export function hasCriterion(completion: CompletionValue): boolean {
  return completion.key !== NONE_CRITERION;
}

/** The custom value input exists only for criteria that take a value: score and completeness. */
export function takesValue(key: string): boolean {
  return isCompletionCriterionType(key) && criterionTakesValue(key);
}

/** `%` for completeness, nothing otherwise. */
export function valueSuffix(key: string): '%' | null {
  return isCompletionCriterionType(key) ? criterionValueSuffix(key) : null;
}

export function valueRange(key: string): { min: number; max: number } | undefined {
  return key === 'completeness' || key === 'score' ? COMPLETION_VALUE_RANGE[key] : undefined;
}

/** A criterion that takes a value must have one; the server checks the range and answers under the field. */
export function isCompletionComplete(completion: CompletionValue): boolean {
  return !takesValue(completion.key) || (completion.value !== null && Number.isFinite(completion.value));
}

/** The request fields; a value travels only with a criterion that takes one. */
export function completionRequest(completion: CompletionValue): {
  completion_criterion_key: string;
  completion_criterion_value: number | null;
} {
  return {
    completion_criterion_key: completion.key,
    completion_criterion_value: takesValue(completion.key) ? completion.value : null,
  };
}
