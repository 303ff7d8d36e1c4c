import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { StatisticsOptionSchema } from '../exams/exam-statistics.schemas.ts';
import { PaperSubjectSchema } from '../exams/subject.schemas.ts';
import { QUESTIONNAIRE_LIMITS } from './questionnaire-settings.ts';

export const QuestionnaireIdParamsSchema = z.object({ id: IdSchema });
/** `DELETE /api/questionnaire/{id}/subjects/{subjectId}`. */
export const QuestionnaireSubjectParamsSchema = z.object({ id: IdSchema, subjectId: IdSchema });
export const CourseQuestionnairesParamsSchema = z.object({ id: IdSchema });

export const QUESTIONNAIRE_STATUSES = ['not_started', 'in_progress', 'ended'] as const;
export const QuestionnaireStatusSchema = z.enum(QUESTIONNAIRE_STATUSES);
export type QuestionnaireStatus = z.infer<typeof QuestionnaireStatusSchema>;

/** `GET /api/courses/{id}/questionnaire-list`: the questionnaires of a course the caller may see. */
export const QuestionnaireListItemSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    title: z.string(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    published: z.boolean(),
    status: QuestionnaireStatusSchema,
    is_anonymous: z.boolean(),
    subjects_count: z.number().int(),
    /** The caller has answered (always false for the teaching team). */
    submitted: z.boolean(),
    /** How many have answered; for the teaching team only, null for everyone else. */
    submission_count: z.number().int().nullable(),
  })
  .meta({ id: 'QuestionnaireListItem' });
export type QuestionnaireListItem = z.infer<typeof QuestionnaireListItemSchema>;
export const QuestionnaireListResponseSchema = z.object({
  questionnaires: z.array(QuestionnaireListItemSchema),
});
export type QuestionnaireListResponse = z.infer<typeof QuestionnaireListResponseSchema>;

/** One answer as stored and sent back to its author: every field present. */
export const QuestionnaireAnswerSchema = z.object({
  subject_id: z.number().int(),
  answer_option_ids: z.array(z.number().int()),
  answer: z.string().nullable(),
  answers: z.array(z.object({ sort: z.number().int(), content: z.string() })),
});
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

/** The caller's own submission. Only ever sent to its author. */
export const MyQuestionnaireSubmissionSchema = z.object({
  subjects: z.array(QuestionnaireAnswerSchema),
  submitted_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
});
export type MyQuestionnaireSubmission = z.infer<typeof MyQuestionnaireSubmissionSchema>;

/**
 * `GET /api/questionnaire/{id}/distribute`: the questions (no scores, no answers), the window, and the
 * caller's own earlier submission, which stays editable until the questionnaire closes.
 */
export const QuestionnaireDistributeResponseSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    is_anonymous: z.boolean(),
    status: QuestionnaireStatusSchema,
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    /** The caller is a student of the course and the window is open. */
    can_submit: z.boolean(),
    /** The caller may see the results (the teaching team). */
    can_see_results: z.boolean(),
    /**
     * How many have answered, for the teaching team (null for everyone else): questions can be removed or
     * reordered only while it is 0.
     */
    submission_count: z.number().int().nullable(),
    subjects: z.array(PaperSubjectSchema),
    submission: MyQuestionnaireSubmissionSchema.nullable(),
  })
  .meta({ id: 'QuestionnaireDistribute' });
export type QuestionnaireDistributeResponse = z.infer<typeof QuestionnaireDistributeResponseSchema>;

/**
 * `PUT /api/questionnaire/{id}/subjects/sort` {subject_ids} (every question, each once, in the new order)
 * answers with the questions as the answering form shows them.
 */
export const QuestionnaireSubjectsResponseSchema = z.object({ subjects: z.array(PaperSubjectSchema) });
export type QuestionnaireSubjectsResponse = z.infer<typeof QuestionnaireSubjectsResponseSchema>;

const AnswerEntrySchema = z.object({
  sort: z.number().int().min(0),
  content: z.string().max(QUESTIONNAIRE_LIMITS.answerTextMax, 'questionnaires.answerTooLong'),
});

/** One answer as clients send it (the exam answer's shape without scores or parents). */
export const QuestionnaireSubmittedAnswerSchema = z.object({
  subject_id: z.number().int().positive(),
  answer_option_ids: z.array(z.number().int()).max(26).nullish(),
  answer: z.string().max(QUESTIONNAIRE_LIMITS.answerTextMax, 'questionnaires.answerTooLong').nullish(),
  answers: z.array(AnswerEntrySchema).max(50).nullish(),
});
export type QuestionnaireSubmittedAnswer = z.input<typeof QuestionnaireSubmittedAnswerSchema>;

/** `POST /api/questionnaire/{id}/submissions`: every question's answer at once. */
export const SubmitQuestionnaireRequestSchema = z.object({
  subjects: z
    .array(QuestionnaireSubmittedAnswerSchema, 'questionnaires.answersRequired')
    .max(QUESTIONNAIRE_LIMITS.answersPerSubmission, 'questionnaires.answersRequired'),
});
export type SubmitQuestionnaireRequest = z.input<typeof SubmitQuestionnaireRequestSchema>;
export const SubmitQuestionnaireResponseSchema = MyQuestionnaireSubmissionSchema;
export type SubmitQuestionnaireResponse = z.infer<typeof SubmitQuestionnaireResponseSchema>;

/** Who wrote a text answer, in a named questionnaire only. */
export const QuestionnaireRespondentSchema = z.object({
  id: z.number().int(),
  user_no: z.string(),
  name: z.string(),
});
export type QuestionnaireRespondent = z.infer<typeof QuestionnaireRespondentSchema>;

/**
 * One question's results. Option counts use the exam answer statistics' option shape (`chosenCount`;
 * `isAnswer` is always false: a questionnaire has no right answer).
 */
export const QuestionnaireSubjectResultSchema = z.object({
  subject: z.object({
    id: z.number().int(),
    type: z.string(),
    description: z.string(),
    sort: z.number().int(),
  }),
  /** Respondents who answered this question. */
  submitterCount: z.number().int(),
  options: z.array(StatisticsOptionSchema),
  /** Written answers. In an anonymous questionnaire `respondent` is null and the order says nothing of who. */
  text_answers: z.array(
    z.object({ content: z.string(), respondent: QuestionnaireRespondentSchema.nullable() }),
  ),
});
export type QuestionnaireSubjectResult = z.infer<typeof QuestionnaireSubjectResultSchema>;

/** `GET /api/questionnaire/{id}/results` (teaching team): counts per option and the written answers. */
export const QuestionnaireResultsSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    is_anonymous: z.boolean(),
    status: QuestionnaireStatusSchema,
    /** The exam statistics' summary names: students of the course, and how many answered. */
    summary: z.object({ studentsCount: z.number().int(), submitterCount: z.number().int() }),
    subjects: z.array(QuestionnaireSubjectResultSchema),
    /** Who answered and when; null in an anonymous questionnaire. */
    respondents: z
      .array(QuestionnaireRespondentSchema.extend({ submitted_at: IsoDateTimeSchema }))
      .nullable(),
  })
  .meta({ id: 'QuestionnaireResults' });
export type QuestionnaireResults = z.infer<typeof QuestionnaireResultsSchema>;
