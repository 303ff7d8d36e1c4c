import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { StatisticsOptionSchema } from '../exams/exam-statistics.schemas.ts';
import { PaperSubjectSchema } from '../exams/subject.schemas.ts';
import { QUIZ_LIMITS } from './quiz-rules.ts';

/** `/api/courseware-quiz/activity/{id}/…`: the online video activity. */
export const VideoActivityParamsSchema = z.object({ id: IdSchema });
/** `/api/courseware-quiz/quiz/{id}/…`: one quiz. */
export const CoursewareQuizParamsSchema = z.object({ id: IdSchema });

export const CoursewareQuizSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    title: z.string(),
    /** Seconds from the start of the video where the player stops. */
    position: z.number().int(),
    sort: z.number().int(),
    /** Students see, answer and are stopped by published quizzes only; they never receive the others. */
    published: z.boolean(),
    subjects_count: z.number().int(),
    /** The caller has answered it (always false for the teaching team). */
    submitted: z.boolean(),
    /** How many have answered; for the teaching team only, null for everyone else. */
    submission_count: z.number().int().nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'CoursewareQuiz' });
export type CoursewareQuiz = z.infer<typeof CoursewareQuizSchema>;

/** `GET /api/courseware-quiz/activity/{id}/quizzes`: the video's quizzes in playing order. */
export const CoursewareQuizzesResponseSchema = z.object({
  quizzes: z.array(CoursewareQuizSchema),
  /** The caller answers quizzes (a student of the course): the player stops at unanswered ones. */
  can_submit: z.boolean(),
  /** The caller adds, edits and deletes quizzes and sees their statistics (the teaching team). */
  can_manage: z.boolean(),
});
export type CoursewareQuizzesResponse = z.infer<typeof CoursewareQuizzesResponseSchema>;

/** `POST /api/courseware-quiz/activity/{id}/quizzes` and `PUT /api/courseware-quiz/quiz/{id}`. */
export const SaveCoursewareQuizRequestSchema = z.object({
  title: z.string().trim().max(QUIZ_LIMITS.titleMax, 'coursewareQuizzes.titleTooLong').default(''),
  position: z
    .number('coursewareQuizzes.positionRequired')
    .int('coursewareQuizzes.positionInvalid')
    .min(0, 'coursewareQuizzes.positionInvalid')
    .max(QUIZ_LIMITS.positionMax, 'coursewareQuizzes.positionInvalid'),
  /** On create: absent means unpublished. On update: absent leaves it as it is. */
  published: z.boolean('coursewareQuizzes.publishedRequired').optional(),
});
export type SaveCoursewareQuizRequest = z.input<typeof SaveCoursewareQuizRequestSchema>;

/** `PUT /api/courseware-quiz/quiz/{id}/publish`: publishes or unpublishes the quiz. */
export const PublishCoursewareQuizRequestSchema = z.object({
  published: z.boolean('coursewareQuizzes.publishedRequired'),
});
export type PublishCoursewareQuizRequest = z.input<typeof PublishCoursewareQuizRequestSchema>;

/** `GET /api/courseware-quiz/quiz/{id}/subjects`: the questions as a student sees them (no answers). */
export const CoursewareQuizSubjectsResponseSchema = z.object({
  quiz_id: z.number().int(),
  subjects: z.array(PaperSubjectSchema),
});
export type CoursewareQuizSubjectsResponse = z.infer<typeof CoursewareQuizSubjectsResponseSchema>;

/** One answer as stored: every field present. */
export const CoursewareQuizAnswerSchema = z.object({
  subject_id: z.number().int(),
  answer_option_ids: z.array(z.number().int()),
  answers: z.array(z.object({ sort: z.number().int(), content: z.string() })),
});
export type CoursewareQuizAnswer = z.infer<typeof CoursewareQuizAnswerSchema>;

/** One answer as clients send it (the exam answer's shape; `answers` are a fill-in question's blanks). */
export const CoursewareQuizSubmittedAnswerSchema = z.object({
  subject_id: z.number().int().positive(),
  answer_option_ids: z.array(z.number().int()).max(26).nullish(),
  answers: z
    .array(
      z.object({
        sort: z.number().int().min(0),
        content: z.string().max(QUIZ_LIMITS.answerTextMax, 'coursewareQuizzes.answerTooLong'),
      }),
    )
    .max(50)
    .nullish(),
});
export type CoursewareQuizSubmittedAnswer = z.input<typeof CoursewareQuizSubmittedAnswerSchema>;

/** `POST /api/courseware-quiz/quiz/{id}/submissions`: every question's answer at once. */
export const SubmitCoursewareQuizRequestSchema = z.object({
  subjects: z
    .array(CoursewareQuizSubmittedAnswerSchema, 'coursewareQuizzes.answersRequired')
    .max(QUIZ_LIMITS.answersPerSubmission, 'coursewareQuizzes.answersRequired'),
});
export type SubmitCoursewareQuizRequest = z.input<typeof SubmitCoursewareQuizRequestSchema>;

/** One graded answer with what was right, shown to the student once they have answered. */
export const CoursewareQuizResultSchema = CoursewareQuizAnswerSchema.extend({
  score: z.number(),
  point: z.number(),
  correct: z.boolean(),
  correct_option_ids: z.array(z.number().int()),
  /** A fill-in question's accepted answers per blank. */
  correct_blanks: z.array(z.object({ sort: z.number().int(), answers: z.array(z.string()) })),
  answer_explanation: z.string(),
});
export type CoursewareQuizResult = z.infer<typeof CoursewareQuizResultSchema>;

export const CoursewareQuizSubmissionSchema = z
  .object({
    quiz_id: z.number().int(),
    score: z.number(),
    total_points: z.number(),
    correct_count: z.number().int(),
    subjects: z.array(CoursewareQuizResultSchema),
    submitted_at: IsoDateTimeSchema,
  })
  .meta({ id: 'CoursewareQuizSubmission' });
export type CoursewareQuizSubmission = z.infer<typeof CoursewareQuizSubmissionSchema>;

/** `GET /api/courseware-quiz/quiz/{id}/my-submission`: the caller's graded answers, or null. */
export const MyCoursewareQuizSubmissionResponseSchema = z.object({
  submission: CoursewareQuizSubmissionSchema.nullable(),
});
export type MyCoursewareQuizSubmissionResponse = z.infer<typeof MyCoursewareQuizSubmissionResponseSchema>;

/**
 * `GET /api/courseware-quiz/quiz/{id}/statistics` (teaching team): per question, how many answered and got
 * it right, and the exam answer statistics' counts per option.
 */
export const CoursewareQuizStatisticsSchema = z
  .object({
    quiz_id: z.number().int(),
    summary: z.object({ studentsCount: z.number().int(), submitterCount: z.number().int() }),
    subjects: z.array(
      z.object({
        subject: z.object({
          id: z.number().int(),
          type: z.string(),
          description: z.string(),
          sort: z.number().int(),
        }),
        submitterCount: z.number().int(),
        correctCount: z.number().int(),
        options: z.array(StatisticsOptionSchema),
      }),
    ),
  })
  .meta({ id: 'CoursewareQuizStatistics' });
export type CoursewareQuizStatistics = z.infer<typeof CoursewareQuizStatisticsSchema>;

/** `DELETE /api/courseware-quiz/quiz/{id}`. */
export const CoursewareQuizDeletedSchema = z.object({ id: z.number().int() });
export type CoursewareQuizDeleted = z.infer<typeof CoursewareQuizDeletedSchema>;
