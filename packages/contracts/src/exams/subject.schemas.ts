import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Questions ("subjects" on the original system's wire). One shape serves libraries, exams and classroom
 * exams; which of them owns a subject is a column, not a different type.
 */
export const SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'cloze',
  'short_answer',
  'analysis',
  'matching',
  'paragraph_desc',
] as const;
export const SubjectTypeSchema = z.enum(SUBJECT_TYPES, 'exams.subjectTypeInvalid');
export type SubjectType = z.infer<typeof SubjectTypeSchema>;

/** Types a stem (analysis, cloze) may hold as sub-questions. Cloze holds single selections only. */
export const SUB_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
] as const satisfies readonly SubjectType[];
export const PARENT_SUBJECT_TYPES = ['analysis', 'cloze'] as const satisfies readonly SubjectType[];
/** Types answered by choosing options (graded against is_answer). */
export const OPTION_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
] as const satisfies readonly SubjectType[];
/** Types the server cannot grade: an instructor marks them. */
export const SUBJECTIVE_SUBJECT_TYPES = ['short_answer'] as const satisfies readonly SubjectType[];

/** Spec 000 section 3: none=0, hard=1, medium=2, easy=3. */
export const DIFFICULTY_LEVELS = { none: 0, hard: 1, medium: 2, easy: 3 } as const;
export const DifficultyLevelSchema = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3)],
  'exams.difficultyInvalid',
);

export const SUBJECT_LIMITS = {
  descriptionMax: 100_000,
  optionsMax: 26,
  optionContentMax: 20_000,
  answerMax: 20_000,
  explanationMax: 20_000,
  blanksMax: 50,
  alternativesMax: 20,
  alternativeMax: 500,
  pairsMax: 26,
  subSubjectsMax: 50,
  pointMax: 1000,
  knowledgeNodesMax: 50,
  knowledgeNodeNameMax: 100,
  noteMax: 200,
  /** Spec 000 section 9: an exam's points add up to 100 by default. */
  examTotalPoints: 100,
  /** Spec 000 section 9: at most 200 questions per import / per save. */
  subjectsPerSave: 200,
} as const;

/** Option letters run from A (spec 000 section 9). */
export function optionLetter(index: number): string {
  return index >= 0 && index < 26 ? String.fromCharCode(65 + index) : String(index + 1);
}

/** Points: a non-negative number with at most one decimal place (scores are shown to one decimal). */
export const PointSchema = z.coerce
  .number('exams.pointInvalid')
  .min(0, 'exams.pointInvalid')
  .max(SUBJECT_LIMITS.pointMax, 'exams.pointTooLarge')
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, 'exams.pointInvalid');

const OptionInputSchema = z.object({
  content: z
    .string('exams.optionContentRequired')
    .max(SUBJECT_LIMITS.optionContentMax, 'exams.optionTooLong'),
  is_answer: z.boolean().default(false),
  sort: z.number().int().min(0).optional(),
  /**
   * Partial credit (single or multiple choice, as Moodle's answer fractions): the share of the question's
   * points that choosing this option earns, -1..1. When any option has one, the chosen options' weights add
   * up (clamped to 0..1) instead of the all-or-nothing rule.
   */
  weight: z
    .number('exams.optionWeightInvalid')
    .min(-1, 'exams.optionWeightInvalid')
    .max(1, 'exams.optionWeightInvalid')
    .nullable()
    .optional(),
});

/** One blank of a fill-in-the-blank question: every accepted answer for it. */
const BlankInputSchema = z.object({
  sort: z.number().int().min(0).optional(),
  answers: z
    .array(z.string().trim().max(SUBJECT_LIMITS.alternativeMax, 'exams.blankAnswerTooLong'))
    .max(SUBJECT_LIMITS.alternativesMax, 'exams.tooManyAlternatives'),
});

/** A left-hand item of a matching question and the option (right-hand item, by its sort) it pairs with. */
const PairInputSchema = z.object({
  sort: z.number().int().min(0).optional(),
  content: z.string().max(SUBJECT_LIMITS.optionContentMax, 'exams.optionTooLong'),
  option_sort: z.number().int().min(0, 'exams.pairOptionInvalid'),
});

export const SubjectSettingsSchema = z
  .object({
    /** Fill-in-the-blank answers compare case-insensitively unless this is set. */
    case_sensitive: z.boolean().optional(),
    /** Blanks may be answered in any order (e.g. "name two rivers"). */
    unordered_blanks: z.boolean().optional(),
  })
  .strict();

const subjectBaseFields = {
  description: z.string().max(SUBJECT_LIMITS.descriptionMax, 'exams.descriptionTooLong').default(''),
  point: PointSchema.default(0),
  sort: z.number().int().min(0).optional(),
  difficulty_level: DifficultyLevelSchema.default(0),
  options: z.array(OptionInputSchema).max(SUBJECT_LIMITS.optionsMax, 'exams.tooManyOptions').default([]),
  /** Reference answer text (short answer); free text for other types. */
  answer: z.string().max(SUBJECT_LIMITS.answerMax, 'exams.answerTooLong').nullable().optional(),
  answer_explanation: z
    .string()
    .max(SUBJECT_LIMITS.explanationMax, 'exams.explanationTooLong')
    .nullable()
    .optional(),
  blanks: z.array(BlankInputSchema).max(SUBJECT_LIMITS.blanksMax, 'exams.tooManyBlanks').default([]),
  pairs: z.array(PairInputSchema).max(SUBJECT_LIMITS.pairsMax, 'exams.tooManyPairs').default([]),
  knowledge_node_ids: z.array(z.number().int().positive()).max(SUBJECT_LIMITS.knowledgeNodesMax).default([]),
  /**
   * Knowledge points named in an imported document. Kept by name so nothing is lost before the course's
   * knowledge graph exists; the graph links them to its nodes by name.
   */
  knowledge_node_names: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'exams.knowledgeNodeNameRequired')
        .max(SUBJECT_LIMITS.knowledgeNodeNameMax, 'exams.knowledgeNodeNameTooLong'),
    )
    .max(SUBJECT_LIMITS.knowledgeNodesMax, 'exams.tooManyKnowledgeNodes')
    .default([]),
  settings: SubjectSettingsSchema.default({}),
  /**
   * The teaching team's own label for a question (an imported file's question name, say): plain text, never
   * on a student's paper. Empty means none.
   */
  note: plainText().max(SUBJECT_LIMITS.noteMax, 'exams.noteTooLong').nullable().optional(),
};

/**
 * Whether a question must name its right answer. Questions of exams and exam libraries must; those of a
 * questionnaire library (spec 000 section 7: opinions, no right answer) need not. The owner decides, so
 * calls that only learn the owner after reading the body (a library save, `PUT /api/subjects/{id}`) take
 * the answer-optional shape and the server checks again with the owner's rules.
 */
export type SubjectRuleOptions = { requireAnswerKey: boolean };

function subjectInputSchemaWith(options: SubjectRuleOptions) {
  const rules = (s: RuleInput, ctx: z.RefinementCtx) => checkSubjectRules(s, ctx, options);
  const sub = z
    .object({ type: z.enum(SUB_SUBJECT_TYPES, 'exams.subSubjectTypeInvalid'), ...subjectBaseFields })
    .superRefine(rules);
  return z
    .object({
      type: SubjectTypeSchema,
      ...subjectBaseFields,
      sub_subjects: z.array(sub).max(SUBJECT_LIMITS.subSubjectsMax, 'exams.tooManySubSubjects').default([]),
    })
    .superRefine(rules);
}

/**
 * A question as instructors write it (`POST /api/exams/{id}/subjects` etc.). Each type's own rules are
 * checked here, so the same per-field errors reach the editor, the Word import preview and the server.
 */
export const SubjectInputSchema = subjectInputSchemaWith({ requireAnswerKey: true });
/** The same question with its right answer optional (see SubjectRuleOptions). */
export const AnswerOptionalSubjectInputSchema = subjectInputSchemaWith({ requireAnswerKey: false });

/** The rules a question of this owner is checked with: only a questionnaire library's may omit the answer. */
export function subjectInputSchemaFor(owner: { libType?: string | null | undefined }) {
  return owner.libType === 'questionnaire' ? AnswerOptionalSubjectInputSchema : SubjectInputSchema;
}
export type SubjectInput = z.input<typeof SubjectInputSchema>;
export type ParsedSubjectInput = z.output<typeof SubjectInputSchema>;

type RuleInput = {
  type: SubjectType;
  description: string;
  point: number;
  options: { content: string; is_answer: boolean; weight?: number | null | undefined }[];
  blanks: { answers: string[] }[];
  pairs: { option_sort: number }[];
  sub_subjects?: { type: SubjectType; point: number }[];
};

/** Weights are fractions such as 1/3, whose sums miss 1 by a rounding error (Moodle writes 33.33333%). */
export const OPTION_WEIGHT_TOLERANCE = 1e-4;

/** Weights must let the right choice earn full points, and an answer is exactly an option that earns. */
function checkOptionWeights(s: RuleInput, issue: (path: (string | number)[], message: string) => void): void {
  if (!s.options.some((o) => o.weight !== undefined && o.weight !== null)) return;
  if (s.type !== 'single_selection' && s.type !== 'multiple_selection') {
    issue(['options'], 'exams.optionWeightNotAllowed');
    return;
  }
  const weight = (o: RuleInput['options'][number]) => o.weight ?? 0;
  const full = (value: number) => Math.abs(value - 1) <= OPTION_WEIGHT_TOLERANCE;
  if (s.type === 'single_selection') {
    if (!s.options.every((o) => !o.is_answer || full(weight(o))))
      issue(['options'], 'exams.optionWeightsMismatch');
    return;
  }
  const earning = s.options.filter((o) => weight(o) > 0);
  const sum = earning.reduce((total, o) => total + weight(o), 0);
  if (!full(sum) || s.options.some((o) => o.is_answer !== weight(o) > 0)) {
    issue(['options'], 'exams.optionWeightsMismatch');
  }
}

function checkSubjectRules(s: RuleInput, ctx: z.RefinementCtx, options: SubjectRuleOptions): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message, input: s });
  const answers = s.options.filter((o) => o.is_answer).length;
  const isStem = s.type === 'paragraph_desc' || s.type === 'analysis' || s.type === 'cloze';
  if (
    s.type !== 'paragraph_desc' &&
    s.description.replace(/<[^>]*>/g, '').trim() === '' &&
    !/<img/i.test(s.description)
  ) {
    issue(['description'], 'exams.descriptionRequired');
  }
  s.options.forEach((o, i) => {
    if (o.content.replace(/<[^>]*>/g, '').trim() === '' && !/<img/i.test(o.content)) {
      issue(['options', i, 'content'], 'exams.optionContentRequired');
    }
  });
  checkOptionWeights(s, issue);
  // Without an answer key a question may name no right answer, but a single choice still cannot name two.
  const singleAnswerMissing = options.requireAnswerKey ? answers !== 1 : answers > 1;
  switch (s.type) {
    case 'single_selection':
      if (s.options.length < 2) issue(['options'], 'exams.optionsTooFew');
      else if (singleAnswerMissing) issue(['options'], 'exams.singleAnswerRequired');
      break;
    case 'multiple_selection':
      if (s.options.length < 2) issue(['options'], 'exams.optionsTooFew');
      else if (answers < 1 && options.requireAnswerKey) issue(['options'], 'exams.answerOptionRequired');
      break;
    case 'true_or_false':
      if (s.options.length !== 2) issue(['options'], 'exams.trueFalseTwoOptions');
      else if (singleAnswerMissing) issue(['options'], 'exams.singleAnswerRequired');
      break;
    case 'fill_in_blank':
      if (s.blanks.length === 0) issue(['blanks'], 'exams.blanksRequired');
      s.blanks.forEach((b, i) => {
        if (options.requireAnswerKey && b.answers.filter((a) => a !== '').length === 0)
          issue(['blanks', i, 'answers'], 'exams.blankAnswerRequired');
      });
      break;
    case 'matching':
      if (s.pairs.length < 1) issue(['pairs'], 'exams.pairsRequired');
      if (s.options.length < s.pairs.length) issue(['options'], 'exams.matchingOptionsTooFew');
      s.pairs.forEach((p, i) => {
        if (p.option_sort >= s.options.length) issue(['pairs', i, 'option_sort'], 'exams.pairOptionInvalid');
      });
      break;
    default:
      break;
  }
  if (
    !['single_selection', 'multiple_selection', 'true_or_false', 'matching'].includes(s.type) &&
    s.options.length > 0
  ) {
    issue(['options'], 'exams.optionsNotAllowed');
  }
  if (isStem && s.type !== 'paragraph_desc') {
    const subs = s.sub_subjects ?? [];
    if (subs.length === 0) issue(['sub_subjects'], 'exams.subSubjectsRequired');
    if (s.type === 'cloze') {
      subs.forEach((sub, i) => {
        if (sub.type !== 'single_selection') issue(['sub_subjects', i, 'type'], 'exams.clozeSingleOnly');
      });
    }
    const sum = subs.reduce((total, sub) => total + sub.point, 0);
    if (subs.length > 0 && Math.abs(sum - s.point) > 1e-9 && s.point !== 0) {
      issue(['point'], 'exams.stemPointMismatch');
    }
  } else if ((s.sub_subjects ?? []).length > 0) {
    issue(['sub_subjects'], 'exams.subSubjectsNotAllowed');
  }
  if (s.type === 'paragraph_desc' && s.point !== 0) issue(['point'], 'exams.paragraphNoPoint');
}

/** The points a stem counts for: its own when set, else the sum of its sub-questions. */
export function subjectPoints(s: {
  type: SubjectType;
  point: number;
  sub_subjects?: { point: number }[];
}): number {
  if (s.type === 'analysis' || s.type === 'cloze') {
    const subs = s.sub_subjects ?? [];
    return subs.length > 0 ? subs.reduce((t, sub) => t + sub.point, 0) : s.point;
  }
  return s.type === 'paragraph_desc' ? 0 : s.point;
}

export const SubjectOptionSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  content: z.string(),
  is_answer: z.boolean(),
  /** Partial credit of a choice question (see the input's `weight`); absent when it grades all or nothing. */
  weight: z.number().optional(),
});
export const SubjectBlankSchema = z.object({ sort: z.number().int(), answers: z.array(z.string()) });
export const SubjectPairSchema = z.object({
  sort: z.number().int(),
  content: z.string(),
  option_sort: z.number().int(),
});

const subjectReadFields = {
  id: z.number().int(),
  type: SubjectTypeSchema,
  description: z.string(),
  point: z.number(),
  sort: z.number().int(),
  difficulty_level: z.number().int(),
  options: z.array(SubjectOptionSchema),
  answer: z.string().nullable(),
  answer_explanation: z.string().nullable(),
  blanks: z.array(SubjectBlankSchema),
  pairs: z.array(SubjectPairSchema),
  settings: SubjectSettingsSchema,
  knowledge_node_ids: z.array(z.number().int()),
  knowledge_node_names: z.array(z.string()),
  /** The teaching team's note on the question (see the input's `note`); null when none. */
  note: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  /** Owner: a library, or an exam / classroom exam (an activity id). */
  lib_id: z.number().int().nullable(),
  exam_id: z.number().int().nullable(),
  is_makeup_exam: z.boolean(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
};

export const SubSubjectSchema = z.object(subjectReadFields).meta({ id: 'SubSubject' });
/** A question with everything an author sees, answers included. Never sent to a student before release. */
export const SubjectSchema = z
  .object({ ...subjectReadFields, sub_subjects: z.array(SubSubjectSchema) })
  .meta({ id: 'Subject' });
export type Subject = z.infer<typeof SubjectSchema>;
export type SubSubject = z.infer<typeof SubSubjectSchema>;

/**
 * A question as a student's paper carries it: no answers, no explanation, blanks only counted, matching
 * pairs without their right-hand item. Options and sub-questions in the paper instance's order.
 */
const paperFields = {
  id: z.number().int(),
  type: SubjectTypeSchema,
  description: z.string(),
  point: z.number(),
  sort: z.number().int(),
  options: z.array(z.object({ id: z.number().int(), sort: z.number().int(), content: z.string() })),
  blank_count: z.number().int(),
  pairs: z.array(z.object({ sort: z.number().int(), content: z.string() })),
  parent_id: z.number().int().nullable(),
};
export const PaperSubSubjectSchema = z.object(paperFields).meta({ id: 'PaperSubSubject' });
export const PaperSubjectSchema = z
  .object({ ...paperFields, sub_subjects: z.array(PaperSubSubjectSchema) })
  .meta({ id: 'PaperSubject' });
export type PaperSubject = z.infer<typeof PaperSubjectSchema>;

/** `subjects[]` as every "save questions" call takes it (exam, classroom exam, library). */
export const SaveSubjectsRequestSchema = z.object({
  subjects: z
    .array(SubjectInputSchema)
    .min(1, 'exams.subjectsRequired')
    .max(SUBJECT_LIMITS.subjectsPerSave, 'exams.tooManySubjects'),
});
export type SaveSubjectsRequest = z.input<typeof SaveSubjectsRequestSchema>;
/** A library's save: its type decides whether a right answer is required, checked by the server. */
export const SaveLibSubjectsRequestSchema = z.object({
  subjects: z
    .array(AnswerOptionalSubjectInputSchema)
    .min(1, 'exams.subjectsRequired')
    .max(SUBJECT_LIMITS.subjectsPerSave, 'exams.tooManySubjects'),
});
export const SubjectsResponseSchema = z.object({ subjects: z.array(SubjectSchema) });
export type SubjectsResponse = z.infer<typeof SubjectsResponseSchema>;

/** Spec 000 section 3, "Question summary" (camelCase as the original system's list sends it). */
export const SubjectSummarySchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  description: z.string(),
  type: SubjectTypeSchema,
  difficultyLevel: z.number().int(),
  total: z.number(),
  activity: z.object({ title: z.string(), moduleName: z.string().nullable() }).nullable(),
  publishStatus: z.enum(['published', 'unpublished']),
});
export type SubjectSummary = z.infer<typeof SubjectSummarySchema>;
