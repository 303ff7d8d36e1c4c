import { describe, expect, it } from 'vitest';
import { RUBRIC_LIMITS } from './rubric.rules.ts';
import { RubricInputSchema } from './rubric.schemas.ts';

const valid = () => ({
  name: 'Essay',
  conditions: [
    {
      name: 'Argument',
      description: 'Clear thesis',
      levels: [
        { score: 10, description: 'Excellent' },
        { score: 4, description: 'Weak' },
      ],
    },
  ],
});

/** Path → message key of every issue. */
function issues(input: unknown): Record<string, string> {
  const result = RubricInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('RubricInputSchema', () => {
  it('accepts a complete rubric and trims its text', () => {
    const parsed = RubricInputSchema.parse({ ...valid(), name: '  Essay \u0007 ' });
    expect(parsed.name).toBe('Essay');
  });

  it('names each missing name, description and score on its exact path', () => {
    const input = valid();
    input.name = ' ';
    input.conditions[0]!.name = '';
    input.conditions[0]!.description = '';
    input.conditions[0]!.levels[1] = { score: null, description: '' } as never;
    expect(issues(input)).toEqual({
      name: 'rubrics.nameRequired',
      'conditions.0.name': 'rubrics.conditionNameRequired',
      'conditions.0.description': 'rubrics.conditionDescriptionRequired',
      'conditions.0.levels.1.score': 'rubrics.scoreRequired',
      'conditions.0.levels.1.description': 'rubrics.levelDescriptionRequired',
    });
  });

  it('needs at least one criterion, each with at least one rating', () => {
    expect(issues({ name: 'x', conditions: [] })).toEqual({ conditions: 'rubrics.conditionsRequired' });
    expect(issues({ ...valid(), conditions: [{ name: 'a', description: 'b', levels: [] }] })).toEqual({
      'conditions.0.levels': 'rubrics.levelsRequired',
    });
  });

  it('takes scores of at least 0, at most the limit, with one decimal', () => {
    const withScore = (score: number) => {
      const input = valid();
      input.conditions[0]!.levels[0]!.score = score;
      return issues(input)['conditions.0.levels.0.score'];
    };
    expect(withScore(0)).toBeUndefined();
    expect(withScore(7.5)).toBeUndefined();
    expect(withScore(-1)).toBe('rubrics.scoreInvalid');
    expect(withScore(7.25)).toBe('rubrics.scoreInvalid');
    expect(withScore(RUBRIC_LIMITS.scoreMax + 0.1)).toBe('rubrics.scoreTooLarge');
  });

  it('bounds text lengths and the numbers of criteria and ratings', () => {
    const input = valid();
    input.name = 'n'.repeat(RUBRIC_LIMITS.nameMax + 1);
    input.conditions[0]!.description = 'd'.repeat(RUBRIC_LIMITS.descriptionMax + 1);
    input.conditions[0]!.levels = Array.from({ length: RUBRIC_LIMITS.levelsMax + 1 }, () => ({
      score: 1,
      description: 'x',
    }));
    expect(issues(input)).toEqual({
      name: 'rubrics.nameTooLong',
      'conditions.0.description': 'rubrics.descriptionTooLong',
      'conditions.0.levels': 'rubrics.tooManyLevels',
    });
    const many = {
      ...valid(),
      conditions: Array.from({ length: RUBRIC_LIMITS.conditionsMax + 1 }, () => valid().conditions[0]),
    };
    expect(issues(many)).toEqual({ conditions: 'rubrics.tooManyConditions' });
  });
});
