/** Vote limits and option letters without zod, so forms and lists can use them without the schemas. */
export const VOTE_LIMITS = {
  optionsMin: 2,
  /** One letter per option, A to Z, as the original clients label them. */
  optionsMax: 26,
  optionTextMax: 200,
  topicMax: 1000,
} as const;

/** The letter of the option at `index` (0 → A). */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Letters in option order: A, B, C… for as many options as the vote has. */
export function optionLetters(items: Record<string, string>): string[] {
  return Object.keys(items).sort();
}

export const VOTE_TYPES = ['single', 'multiple'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** Options in order, from a list of texts as the instructor typed them. */
export function toOptionItems(texts: readonly string[]): Record<string, string> {
  return Object.fromEntries(texts.map((text, i) => [optionLetter(i), text]));
}
