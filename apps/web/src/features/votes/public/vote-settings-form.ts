import {
  VOTE_LIMITS,
  optionLetter,
  optionLetters,
  toOptionItems,
  type VoteType,
} from '@lectern/contracts/votes/vote-options';

/**
 * The vote inputs of the activity form, stored in the activity's `data`. Options are edited as a list of
 * texts and stored as the letter → text map the original clients read.
 */
export interface VoteSettingsFormValues {
  topic: string;
  vote_type: VoteType;
  is_anonymous: boolean;
  options: string[];
}

export function isVoteActivityType(type: string | undefined): boolean {
  return type === 'vote';
}

/** The form's starting values: the stored vote, or two empty options for a new one. */
export function voteSettingsFormValues(data: Record<string, unknown> = {}): VoteSettingsFormValues {
  const items =
    data.vote_option_items && typeof data.vote_option_items === 'object'
      ? (data.vote_option_items as Record<string, unknown>)
      : {};
  const options = optionLetters(items as Record<string, string>).map((letter) =>
    typeof items[letter] === 'string' ? items[letter] : '',
  );
  return {
    topic: typeof data.topic === 'string' ? data.topic : '',
    vote_type: data.vote_type === 'multiple' ? 'multiple' : 'single',
    is_anonymous: data.is_anonymous === true,
    options: options.length > 0 ? options : Array.from({ length: VOTE_LIMITS.optionsMin }, () => ''),
  };
}

/** What the form sends in `data`: the trimmed texts, lettered in the order shown. */
export function voteDataFromForm(
  values: Partial<VoteSettingsFormValues> | undefined,
): Record<string, unknown> {
  const topic = values?.topic?.trim() ?? '';
  return {
    ...(topic ? { topic } : {}),
    vote_type: values?.vote_type ?? 'single',
    is_anonymous: values?.is_anonymous ?? false,
    vote_option_items: toOptionItems((values?.options ?? []).map((text) => text.trim())),
  };
}

/** A server error on `data.<field>` shows under the matching input of the form. */
export const VOTE_FIELD_ALIASES: Readonly<Record<string, string>> = {
  'data.topic': 'vote.topic',
  'data.vote_type': 'vote.vote_type',
  'data.is_anonymous': 'vote.is_anonymous',
  'data.vote_option_items': 'vote.options.0',
  ...Object.fromEntries(
    Array.from({ length: VOTE_LIMITS.optionsMax }, (_, i) => [
      `data.vote_option_items.${optionLetter(i)}`,
      `vote.options.${i}`,
    ]),
  ),
};
