import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/pagination.schemas.ts';
import { IdSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';

/**
 * Answer statistics of one question (spec 000 screen 2) and item analysis of an exam. The spec names the
 * statistics' row, summary and option fields in camelCase (userId, isAnswerRight, chosenCount…); they travel
 * exactly so. Paths (not in the spec) sit beside the exam paths:
 * `GET /api/exams/{id}/subjects/{subjectId}/statistics` (the marking paths' parameter name) for exams and classroom exams alike.
 */

export const SubjectStatisticsParamsSchema = z.object({ id: IdSchema, subjectId: IdSchema });

/** How many option tabs the modal shows before the rest go under "more" (spec 000 section 9). */
export const STATISTICS_OPTION_TABS = 4;

export const SubjectStatisticsQuerySchema = z
  .object({
    /** Only the students who chose this option. */
    option_id: z.coerce.number().int().positive().optional(),
    /** Only the students who have not answered. */
    unsubmitted: QueryBooleanSchema.optional(),
    /** Part of a student's number or name. */
    keyword: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .refine((q) => !(q.unsubmitted === true && q.option_id !== undefined), {
    path: ['unsubmitted'],
    message: 'exams.statistics.optionOrUnsubmitted',
  });
export type SubjectStatisticsQuery = z.input<typeof SubjectStatisticsQuerySchema>;

export const StatisticsRowSchema = z
  .object({
    userId: z.number().int(),
    userNo: z.string(),
    name: z.string(),
    /** The student's class: the department they belong to. */
    klass: z.string().nullable(),
    answerOptionIds: z.array(z.number().int()),
    /** true / false once answered (an answer awaiting marking is not right yet); null = unsubmitted. */
    isAnswerRight: z.boolean().nullable(),
    unsubmitted: z.boolean(),
    answers: z.array(z.object({ sort: z.number().int(), content: z.string() })),
    /** A written answer (short answer), sanitised HTML. */
    answer: z.string().nullable(),
  })
  .meta({ id: 'StatisticsRow' });
export type StatisticsRow = z.infer<typeof StatisticsRowSchema>;

export const StatisticsSummarySchema = z.object({
  studentsCount: z.number().int(),
  submitterCount: z.number().int(),
  correctCount: z.number().int(),
  wrongCount: z.number().int(),
  /** correctCount / submitterCount, 0..1 (0 with no submitter). */
  correctRate: z.number(),
});
export type StatisticsSummary = z.infer<typeof StatisticsSummarySchema>;

export const StatisticsOptionSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  content: z.string(),
  isAnswer: z.boolean(),
  chosenCount: z.number().int(),
});
export type StatisticsOption = z.infer<typeof StatisticsOptionSchema>;

export const SubjectStatisticsSchema = z
  .object({
    subject: z.object({
      id: z.number().int(),
      type: z.string(),
      description: z.string(),
      point: z.number(),
    }),
    summary: StatisticsSummarySchema,
    options: z.array(StatisticsOptionSchema),
    items: z.array(StatisticsRowSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'SubjectStatistics' });
export type SubjectStatistics = z.infer<typeof SubjectStatisticsSchema>;

/** `GET /api/exams/{id}/item-analysis`: classical test theory over the students' final submissions. */
export const ItemAnalysisQuerySchema = z.object({ is_makeup_exam: QueryBooleanSchema.optional() });

export const DistractorSchema = z.object({
  option_id: z.number().int(),
  sort: z.number().int(),
  content: z.string(),
  is_answer: z.boolean(),
  chosen_count: z.number().int(),
  /** Share of the responses, 0..1. */
  chosen_rate: z.number(),
  /** How many of the upper and lower 27% (by total) chose it: a good distractor draws the lower group. */
  upper_count: z.number().int(),
  lower_count: z.number().int(),
});

export const ItemStatisticsSchema = z.object({
  subject_id: z.number().int(),
  /** The question's number on the paper. */
  number: z.number().int(),
  type: z.string(),
  description: z.string(),
  point: z.number(),
  /** Students with a score for this question. */
  responses: z.number().int(),
  facility_index: z.number().nullable(),
  discrimination_index: z.number().nullable(),
  point_biserial: z.number().nullable(),
  distractors: z.array(DistractorSchema),
});
export type ItemStatistics = z.infer<typeof ItemStatisticsSchema>;

export const ItemAnalysisSchema = z
  .object({
    exam_id: z.number().int(),
    /** Students whose final submission counts. */
    submitter_count: z.number().int(),
    mean_score: z.number().nullable(),
    /** Over students with every question scored; null with fewer than two questions or students. */
    cronbach_alpha: z.number().nullable(),
    items: z.array(ItemStatisticsSchema),
  })
  .meta({ id: 'ItemAnalysis' });
export type ItemAnalysis = z.infer<typeof ItemAnalysisSchema>;

/** `GET /api/courses/{id}/typical-mistakes`: the questions of the course's exams answered wrong most. */
export const TypicalMistakesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const TypicalMistakeSchema = z.object({
  subject_id: z.number().int(),
  exam_id: z.number().int(),
  exam_title: z.string(),
  type: z.string(),
  description: z.string(),
  responses: z.number().int(),
  wrong_count: z.number().int(),
  /** wrong_count / responses, 0..1. */
  wrong_rate: z.number(),
  /** The wrong answers given most, most frequent first (at most three). */
  common_wrong_answers: z.array(
    z.object({
      answer_option_ids: z.array(z.number().int()),
      /** The chosen options' text, or the written answer. */
      content: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type TypicalMistake = z.infer<typeof TypicalMistakeSchema>;

export const TypicalMistakesSchema = z
  .object({ items: z.array(TypicalMistakeSchema) })
  .meta({ id: 'TypicalMistakes' });
export type TypicalMistakes = z.infer<typeof TypicalMistakesSchema>;

/** Push event data of `exam.answers_changed` (classroom answers arrive): a hint to refetch statistics. */
export type AnswersChangedData = { exam_id: number; subject_id: number };
