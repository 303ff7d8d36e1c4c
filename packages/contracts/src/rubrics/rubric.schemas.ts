import { z } from 'zod';
import { FieldsQuerySchema, IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { hasOneDecimalAtMost, RUBRIC_LIMITS } from './rubric.rules.ts';

/**
 * Rubric text is plain text (rendered as text, never as HTML): control characters other than tab and
 * line breaks are dropped, then it is trimmed and bounded. Messages are catalogue keys, so the editor
 * shows the sentence the server would send (rubrics.messages.ts).
 */
function plainText(requiredKey: string, tooLongKey: string, max: number) {
  return z
    .string(requiredKey)
    .overwrite(dropControlCharacters)
    .trim()
    .min(1, requiredKey)
    .max(max, tooLongKey);
}

/** Keeps tab, line feed and carriage return; drops the other C0 controls and DEL. */
function dropControlCharacters(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 ? code !== 0x7f : ch === '\t' || ch === '\n' || ch === '\r') out += ch;
  }
  return out;
}

const score = z
  .number('rubrics.scoreRequired')
  .min(0, 'rubrics.scoreInvalid')
  .max(RUBRIC_LIMITS.scoreMax, 'rubrics.scoreTooLarge')
  .refine(hasOneDecimalAtMost, 'rubrics.scoreInvalid');

export const RubricLevelSchema = z
  .object({
    score,
    description: plainText(
      'rubrics.levelDescriptionRequired',
      'rubrics.descriptionTooLong',
      RUBRIC_LIMITS.descriptionMax,
    ),
  })
  .meta({ id: 'RubricLevel' });
export type RubricLevel = z.infer<typeof RubricLevelSchema>;

export const RubricConditionSchema = z
  .object({
    name: plainText('rubrics.conditionNameRequired', 'rubrics.nameTooLong', RUBRIC_LIMITS.nameMax),
    description: plainText(
      'rubrics.conditionDescriptionRequired',
      'rubrics.descriptionTooLong',
      RUBRIC_LIMITS.descriptionMax,
    ),
    levels: z
      .array(RubricLevelSchema, 'rubrics.levelsRequired')
      .min(1, 'rubrics.levelsRequired')
      .max(RUBRIC_LIMITS.levelsMax, 'rubrics.tooManyLevels'),
  })
  .meta({ id: 'RubricCondition' });
export type RubricCondition = z.infer<typeof RubricConditionSchema>;

/**
 * `POST /api/rubrics` and `PUT /api/rubrics/{id}` (the whole rubric each time). Every name, description
 * and score is required; at least one criterion, each with at least one rating (spec 000 addendum §5).
 * A field's error names its exact path, e.g. `conditions.0.levels.1.score`.
 */
export const RubricInputSchema = z.object({
  name: plainText('rubrics.nameRequired', 'rubrics.nameTooLong', RUBRIC_LIMITS.nameMax),
  conditions: z
    .array(RubricConditionSchema, 'rubrics.conditionsRequired')
    .min(1, 'rubrics.conditionsRequired')
    .max(RUBRIC_LIMITS.conditionsMax, 'rubrics.tooManyConditions'),
});
export type RubricInput = z.input<typeof RubricInputSchema>;
export const CreateRubricRequestSchema = RubricInputSchema;
export type CreateRubricRequest = RubricInput;
export const UpdateRubricRequestSchema = RubricInputSchema;
export type UpdateRubricRequest = RubricInput;

export const RubricSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    conditions: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        levels: z.array(z.object({ score: z.number(), description: z.string() })),
      }),
    ),
    /** The sum of each criterion's highest level score (rubricTotal). */
    total: z.number(),
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    /** How many homeworks use it (as rubric or as peer-review rubric). */
    engage_number: z.number().int(),
    /** The caller created it: only then may they change or delete it. */
    can_edit: z.boolean(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'Rubric' });
export type Rubric = z.infer<typeof RubricSchema>;

/** `GET /api/rubrics?fields=id,name,total` answers only the fields asked for (id always). */
export const RubricsQuerySchema = z.object({ fields: FieldsQuerySchema });
export type RubricsQuery = z.output<typeof RubricsQuerySchema>;
export const RubricSelectionSchema = RubricSchema.partial().extend({ id: z.number().int() });
export type RubricSelection = z.infer<typeof RubricSelectionSchema>;
/** The caller's own rubrics, newest first. */
export const RubricsResponseSchema = z.object({ rubrics: z.array(RubricSelectionSchema) });
export type RubricsResponse = z.infer<typeof RubricsResponseSchema>;

export const RubricIdParamsSchema = z.object({ id: IdSchema });

export const RubricDeletedResponseSchema = z.object({ message: z.string() });

/**
 * A mark given with a rubric: one chosen level per criterion, by position. What the score dialog returns
 * as `rubric_score` (the homework's `rubric_score` field); scoreFromSelection gives its total.
 */
export const RubricChoiceSchema = z.object({
  condition_index: z.number().int().min(0),
  level_index: z.number().int().min(0),
});
export const RubricScoreSelectionSchema = z.array(RubricChoiceSchema).max(RUBRIC_LIMITS.conditionsMax);
export type RubricScoreSelection = z.infer<typeof RubricScoreSelectionSchema>;

/** The languages a generated rubric may be written in; empty lets the model follow the description's. */
export const GENERATE_RUBRIC_LOCALES = ['', 'zh-CN', 'zh-TW', 'en-US'] as const;

/**
 * `POST /api/rubrics/generate` (spec 001 section 7): the assignment description to build criteria from,
 * the language (empty for auto) and, from a homework, its id (its description is used when content is
 * empty, and the call is paid as the course's). An empty description is refused by the service after the
 * permission check, so a student meets 403 whatever they send.
 */
export const GenerateRubricRequestSchema = z.object({
  content: z.string().max(200_000).default(''),
  locale: z.enum(GENERATE_RUBRIC_LOCALES).default(''),
  homework_id: IdSchema.optional(),
});
export type GenerateRubricRequest = z.input<typeof GenerateRubricRequestSchema>;

/** A generated rubric: a draft for the editor, valid as RubricInput, never stored until the teacher saves it. */
export const GeneratedRubricSchema = z
  .object({
    name: z.string(),
    conditions: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        levels: z.array(z.object({ score: z.number(), description: z.string() })),
      }),
    ),
  })
  .meta({ id: 'GeneratedRubric' });
export type GeneratedRubric = z.infer<typeof GeneratedRubricSchema>;
