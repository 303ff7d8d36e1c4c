import { z } from 'zod';

/**
 * `activity.data` of a questionnaire (an activity of type `questionnaire`; its questions are copied from a
 * questionnaire library with `POST /api/subject-libs/{libId}/copy?questionnaireId=`). The answering window
 * is the activity's own start and end time.
 */
export const QuestionnaireDataSchema = z
  .object({
    description: z.string().max(20_000).optional(),
    /** Nobody, the teaching team included, ever learns who answered what. */
    is_anonymous: z.boolean().default(false),
  })
  .loose();
export type QuestionnaireData = z.output<typeof QuestionnaireDataSchema>;

/**
 * Question types a questionnaire holds: choices are counted per option, written answers are listed.
 * Questions have no right answer here; stems with sub-questions and matching do not fit a survey.
 */
export const QUESTIONNAIRE_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
  'paragraph_desc',
] as const;

/** Types where the respondent picks options; at most one in these. */
export const QUESTIONNAIRE_SINGLE_CHOICE_TYPES = ['single_selection', 'true_or_false'] as const;

/** Types that ask for nothing (a heading or explanation between questions). */
export const QUESTIONNAIRE_NO_ANSWER_TYPES = ['paragraph_desc'] as const;

export const QUESTIONNAIRE_LIMITS = {
  answerTextMax: 5_000,
  answersPerSubmission: 500,
} as const;
