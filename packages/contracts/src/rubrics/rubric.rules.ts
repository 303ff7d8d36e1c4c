/**
 * Rubric rules both sides use (spec 000 addendum sections 3 and 5, spec 001 section 5). Pure: no I/O, no
 * zod, so the marking dialog, the editor and the server compute the same totals.
 */

/** Limits chosen for this product (the spec names none); the server and the editor enforce the same. */
export const RUBRIC_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  conditionsMax: 50,
  levelsMax: 10,
  /** A homework score is at most 100, so no single level may be worth more. */
  scoreMax: 100,
} as const;

/** Spec 001 section 5: a new criterion starts with excellent 10, good 8, pass 6, need improvement 4. */
export const DEFAULT_LEVELS = [
  { key: 'excellent', score: 10 },
  { key: 'good', score: 8 },
  { key: 'pass', score: 6 },
  { key: 'needImprovement', score: 4 },
] as const;

export type RubricLevelLike = { readonly score: number | null };
export type RubricConditionLike<L extends RubricLevelLike = RubricLevelLike> = {
  readonly levels: readonly L[];
};
export type RubricLike = { readonly conditions: readonly RubricConditionLike[] };

/** Scores keep one decimal; summing tenths in floating point would otherwise show 0.30000000000000004. */
export function roundScore(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Whether a score has at most one decimal place. */
export function hasOneDecimalAtMost(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 10) - value * 10) < 1e-6;
}

/** A criterion's best level (0 without scored levels); levels still being typed (no score) count for nothing. */
export function conditionMax(condition: RubricConditionLike): number {
  let best = 0;
  for (const level of condition.levels) {
    if (typeof level.score === 'number' && Number.isFinite(level.score)) best = Math.max(best, level.score);
  }
  return best;
}

/** Total = the sum of each criterion's highest level score. */
export function rubricTotal(rubric: RubricLike): number {
  return roundScore(rubric.conditions.reduce((sum, condition) => sum + conditionMax(condition), 0));
}

/** One chosen level for one criterion, by position (criteria and levels keep their order). */
export type RubricChoice = { condition_index: number; level_index: number };

export type RubricScoreResult =
  /** Every criterion has exactly one level: the score is the sum of the chosen levels. */
  | { kind: 'complete'; score: number }
  /** Criteria (by index) without a chosen level: 'homework.notAllRubricSelected'. */
  | { kind: 'incomplete'; missing: number[] }
  /** A choice names a criterion or level the rubric does not have, or a criterion twice. */
  | { kind: 'invalid' };

/** The score a selection gives, or why it gives none. */
export function scoreFromSelection(
  rubric: RubricLike,
  selection: readonly RubricChoice[],
): RubricScoreResult {
  const chosen = new Map<number, number>();
  for (const choice of selection) {
    const condition = rubric.conditions[choice.condition_index];
    if (!condition || chosen.has(choice.condition_index)) return { kind: 'invalid' };
    const level = condition.levels[choice.level_index];
    if (!level || typeof level.score !== 'number') return { kind: 'invalid' };
    chosen.set(choice.condition_index, level.score);
  }
  const missing = rubric.conditions.map((_, index) => index).filter((index) => !chosen.has(index));
  if (missing.length > 0) return { kind: 'incomplete', missing };
  return { kind: 'complete', score: roundScore([...chosen.values()].reduce((sum, s) => sum + s, 0)) };
}

/**
 * Whether two versions of a rubric score alike: the same criteria count, the same levels count in each,
 * and the same score at every level. Marks given with a rubric are stored as positions, so once
 * homework uses a rubric only its wording may change (names, descriptions).
 */
export function sameScoring(a: RubricLike, b: RubricLike): boolean {
  if (a.conditions.length !== b.conditions.length) return false;
  return a.conditions.every((condition, i) => {
    const other = b.conditions[i];
    if (!other || other.levels.length !== condition.levels.length) return false;
    return condition.levels.every((level, j) => other.levels[j]?.score === level.score);
  });
}
