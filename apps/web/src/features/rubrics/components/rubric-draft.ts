import { DEFAULT_LEVELS } from '@lectern/contracts/rubrics/rubric.rules';
import { RubricInputSchema, type Rubric, type RubricInput } from '@lectern/contracts/rubrics/rubric.schemas';

/**
 * What the rubric editor holds while a teacher types: the wire input with a stable key on every row, so
 * React keeps focus on the right criterion or rating while rows come and go. A score being typed may be
 * empty (null); the contract's own rules say so.
 */
export interface LevelDraft {
  key: string;
  score: number | null;
  description: string;
}

export interface ConditionDraft {
  key: string;
  name: string;
  description: string;
  levels: LevelDraft[];
}

export interface RubricDraft {
  name: string;
  conditions: ConditionDraft[];
}

/** Field path (dot-joined, as the server sends it, e.g. `conditions.0.levels.1.score`) → message. */
export type RubricErrors = Readonly<Record<string, string>>;

let keySeed = 0;
function nextKey(): string {
  keySeed += 1;
  return `r${keySeed}`;
}

export function newLevel(score: number | null = null, description = ''): LevelDraft {
  return { key: nextKey(), score, description };
}

/** Descriptions of the default ratings (excellent, good, pass, need improvement) in the UI language. */
export type DefaultLevelLabels = Readonly<Record<(typeof DEFAULT_LEVELS)[number]['key'], string>>;

/** A new criterion starts with the spec's default ratings: excellent 10, good 8, pass 6, need improvement 4. */
export function newCondition(labels: DefaultLevelLabels): ConditionDraft {
  return {
    key: nextKey(),
    name: '',
    description: '',
    levels: DEFAULT_LEVELS.map((level) => newLevel(level.score, labels[level.key])),
  };
}

export function newDraft(labels: DefaultLevelLabels): RubricDraft {
  return { name: '', conditions: [newCondition(labels)] };
}

/** A stored (or generated) rubric as an editable draft. */
export function draftFromRubric(rubric: Pick<Rubric, 'name' | 'conditions'> | RubricInput): RubricDraft {
  return {
    name: rubric.name,
    conditions: rubric.conditions.map((c) => ({
      key: nextKey(),
      name: c.name,
      description: c.description,
      levels: c.levels.map((l) => newLevel(l.score, l.description)),
    })),
  };
}

/** The request body; an empty score stays null so the contract reports it as missing. */
export function inputFromDraft(draft: RubricDraft): RubricInput {
  return {
    name: draft.name,
    conditions: draft.conditions.map((c) => ({
      name: c.name,
      description: c.description,
      levels: c.levels.map((l) => ({ score: l.score as number, description: l.description })),
    })),
  };
}

type IssueLike = { message: string; minimum?: unknown; maximum?: unknown };

/** The contract's rules applied to the draft: the first message of each field path. */
export function validateDraft(draft: RubricDraft, translate: (issue: IssueLike) => string): RubricErrors {
  const result = RubricInputSchema.safeParse(inputFromDraft(draft));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= translate(issue as unknown as IssueLike);
  }
  return errors;
}
