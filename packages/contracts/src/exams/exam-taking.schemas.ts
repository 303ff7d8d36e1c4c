import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { ANNOUNCE_TYPES, EXAM_DISPLAY_MODES, SCORE_RULES } from './exam-settings.ts';
import { PaperSubjectSchema } from './subject.schemas.ts';

/**
 * Taking an exam (the student side, in the original system's wire shapes), reviewing submissions, and
 * answering a classroom exam's released question.
 */
export const TAKING_LIMITS = {
  /** Answer entries per submission (a paper has at most a few hundred questions and sub-questions). */
  answersPerSubmission: 2000,
  optionIdsPerAnswer: 26,
  /** A short answer's text (HTML). */
  answerTextMax: 50_000,
  /** fill_in_blank: one entry per blank; matching: one per pair. */
  entriesPerAnswer: 50,
  entryContentMax: 2_000,
} as const;

const AnswerEntrySchema = z.object({
  sort: z.number().int().min(0),
  content: z.string().max(TAKING_LIMITS.entryContentMax, 'exams.taking.answerTooLong'),
});

/**
 * One answer as clients send it: chosen option ids (choice questions); `answer` text (short answer);
 * `answers` [{sort, content}] (fill_in_blank: the blank's sort and the text; matching: the pair's sort and
 * the chosen option id as text). Sub-questions are separate entries with parent_id = the stem's id.
 */
export const SubmittedAnswerSchema = z.object({
  subject_id: z.number().int().positive(),
  parent_id: z.number().int().positive().nullish(),
  answer_option_ids: z.array(z.number().int()).max(TAKING_LIMITS.optionIdsPerAnswer).nullish(),
  answer: z.string().max(TAKING_LIMITS.answerTextMax, 'exams.taking.answerTooLong').nullish(),
  answers: z.array(AnswerEntrySchema).max(TAKING_LIMITS.entriesPerAnswer).nullish(),
});
export type SubmittedAnswerInput = z.input<typeof SubmittedAnswerSchema>;

/** An answer as stored and sent back: every field present. */
export const ExamAnswerSchema = z
  .object({
    subject_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    answer_option_ids: z.array(z.number().int()),
    answer: z.string().nullable(),
    answers: z.array(z.object({ sort: z.number().int(), content: z.string() })),
  })
  .meta({ id: 'ExamAnswer' });
export type ExamAnswer = z.infer<typeof ExamAnswerSchema>;

/** One question's score (see grading.ts): null while it awaits marking. */
export const SubjectScoreSchema = z
  .object({
    subject_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    score: z.number().nullable(),
    auto: z.boolean(),
    correct: z.boolean().nullable(),
  })
  .meta({ id: 'SubjectScore' });

/** The original clients send 1/0 as often as true/false. */
const FlagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]);

/**
 * `POST /api/exams/{id}/submissions`. `exam_finished` (or `examFinished`) false saves a draft, true hands
 * the paper in. Answers only for questions on the given paper instance.
 */
export const SubmitExamRequestSchema = z.object({
  exam_paper_instance_id: IdSchema,
  exam_finished: FlagSchema.optional(),
  examFinished: FlagSchema.optional(),
  /**
   * The answers, all of them each time (a save replaces the previous one). Left out of a hand-in, the
   * last saved draft is handed in; left out of a save, nothing changes.
   */
  subjects: z.array(SubmittedAnswerSchema).max(TAKING_LIMITS.answersPerSubmission).optional(),
});
export type SubmitExamRequest = z.input<typeof SubmitExamRequestSchema>;

export const SubmitExamResponseSchema = z.object({
  /** The submission id (one per paper instance, the same for every save and the final hand-in). */
  id: z.number().int(),
  exam_paper_instance_id: z.number().int(),
  status: z.enum(['draft', 'submitted']),
  /** When these answers were stored. */
  saved_at: IsoDateTimeSchema,
  submitted_at: NullableIsoDateTimeSchema,
});
export type SubmitExamResponse = z.infer<typeof SubmitExamResponseSchema>;

export const StudentExamsParamsSchema = z.object({ cid: IdSchema });

/** `GET /api/courses/{cid}/exam-list`: published exams as a student sees them. */
export const StudentExamSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    module_id: z.number().int(),
    syllabus_id: z.number().int().nullable(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    is_started: z.boolean(),
    is_closed: z.boolean(),
    /** Attempts the exam allows (retakes granted to this student come on top: see remaining_times). */
    submit_times: z.number().int(),
    /** This student's (or group's) final submissions. */
    submission_count: z.number().int(),
    /** This student (or group) has handed the exam in at least once (always sent; see submission_count). */
    has_submitted: z.boolean().optional(),
    remaining_times: z.number().int(),
    /** An attempt is open with saved answers: taking the exam resumes it. */
    has_draft: z.boolean(),
    /** The score by the exam's score rule, once scores are released to this student (else null). */
    score: z.number().nullable(),
    score_released: z.boolean(),
    /** Some final submission still awaits marking. */
    awaiting_marking: z.boolean(),
    total_points: z.number(),
    score_rule: z.enum(SCORE_RULES),
    display_mode: z.enum(EXAM_DISPLAY_MODES),
    announce_answer_type: z.enum(ANNOUNCE_TYPES),
    announce_score_type: z.enum(ANNOUNCE_TYPES),
    group_set_id: z.number().int().nullable(),
    /** This student takes the make-up paper. */
    is_makeup_exam: z.boolean(),
  })
  .meta({ id: 'StudentExam' });
export type StudentExam = z.infer<typeof StudentExamSchema>;
export const StudentExamsResponseSchema = z.object({ exams: z.array(StudentExamSchema) });

/** `GET /api/courses/{cid}/exam-scores`: the caller's score in each published exam, null until released. */
export const ExamScoreSchema = z
  .object({
    activity_id: z.number().int(),
    exam_id: z.number().int(),
    title: z.string(),
    score: z.number().nullable(),
    score_released: z.boolean(),
    total_points: z.number(),
    submission_count: z.number().int(),
  })
  .meta({ id: 'ExamScore' });
export const ExamScoresResponseSchema = z.object({ exam_scores: z.array(ExamScoreSchema) });
export type ExamScoresResponse = z.infer<typeof ExamScoresResponseSchema>;
export type StudentExamsResponse = z.infer<typeof StudentExamsResponseSchema>;

/** Why an exam cannot be started now (`GET /api/exam/{id}/check-exam-qualification`). */
export const QUALIFICATION_REASONS = [
  'not_published',
  'not_started',
  'closed',
  'no_attempts_left',
  'no_questions',
  /** Not a student of the course (the teaching team previews instead), or not in a group of a group exam. */
  'not_examinee',
] as const;
export type QualificationReason = (typeof QUALIFICATION_REASONS)[number];

export const QualificationResponseSchema = z.object({
  qualified: z.boolean(),
  reason: z.enum(QUALIFICATION_REASONS).nullable(),
  /** The reason as a sentence in the caller's language. */
  message: z.string().nullable(),
  submit_times: z.number().int(),
  submission_count: z.number().int(),
  remaining_times: z.number().int(),
  has_draft: z.boolean(),
});
export type QualificationResponse = z.infer<typeof QualificationResponseSchema>;

/**
 * `GET /api/exams/{id}/distribute`: the caller's paper. An attempt not yet handed in is resumed (same
 * instance, its latest draft answers in draft_data); otherwise a new attempt starts if one remains.
 */
export const DistributeResponseSchema = z.object({
  exam_paper_instance_id: z.number().int(),
  /** 1 for the first attempt. */
  attempt: z.number().int(),
  is_makeup_exam: z.boolean(),
  /** When this attempt started. */
  created_at: IsoDateTimeSchema,
  /** Questions in this paper's order (random when the exam asks), options likewise; no answers. */
  subjects: z.array(PaperSubjectSchema),
  draft_data: z.array(ExamAnswerSchema).nullable(),
  draft_saved_at: NullableIsoDateTimeSchema,
  end_time: NullableIsoDateTimeSchema,
  display_mode: z.enum(EXAM_DISPLAY_MODES),
  /** Another attempt will remain after this one is handed in (always sent, for the original clients). */
  allow_retake_exam: z.boolean().optional(),
  /** The right answers will be shown to the student at some point (announce_answer_type is not never). */
  announce_answer: z.boolean().optional(),
  /** Minutes per attempt (null: no limit). */
  time_limit_minutes: z.number().int().nullable().default(null),
  /** When this attempt must be handed in: the earlier of end_time and the time limit (null: never). */
  deadline: NullableIsoDateTimeSchema.default(null),
  /** Seconds from the server's now to the deadline, so a client counts down without trusting its clock. */
  remaining_seconds: z.number().int().nullable().default(null),
});
export type DistributeResponse = z.infer<typeof DistributeResponseSchema>;

export const MarkedAttachmentSchema = z
  .object({
    id: z.number().int(),
    submission_id: z.number().int(),
    subject_id: z.number().int().nullable(),
    upload_id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    type: z.string(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    created_at: IsoDateTimeSchema,
  })
  .meta({ id: 'MarkedAttachment' });
export type MarkedAttachment = z.infer<typeof MarkedAttachmentSchema>;

/** The right answers of one question, as a released review or an instructor sees them. */
export const CorrectAnswerSchema = z
  .object({
    subject_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    /** Choice questions: the right options. */
    answer_option_ids: z.array(z.number().int()),
    /** fill_in_blank: every accepted answer per blank. */
    blanks: z.array(z.object({ sort: z.number().int(), answers: z.array(z.string()) })),
    /** matching: each pair's right option id. */
    pairs: z.array(z.object({ sort: z.number().int(), option_id: z.number().int().nullable() })),
    /** Reference answer text (short answer). */
    answer: z.string().nullable(),
    answer_explanation: z.string().nullable(),
  })
  .meta({ id: 'CorrectAnswer' });
export type CorrectAnswer = z.infer<typeof CorrectAnswerSchema>;

export const CommentDataSchema = z.object({
  comment: z.string().nullable(),
  /** Comments on single questions, by subject id. */
  subject_comments: z.record(z.string(), z.string()),
});

/**
 * Spec 001 section 3, "Exam submission", in snake_case, plus what a review needs. For a student, scores
 * (score, score_data) are null until released and correct_answers_data until the answers are.
 */
export const ExamSubmissionSchema = z
  .object({
    id: z.number().int(),
    exam_id: z.number().int(),
    instance_id: z.number().int(),
    examinee_id: z.number().int(),
    examinee: z.object({ id: z.number().int(), user_no: z.string(), name: z.string() }),
    group_id: z.number().int().nullable(),
    is_makeup_exam: z.boolean(),
    attempt: z.number().int(),
    status: z.enum(['draft', 'submitted']),
    submission_data: z.array(ExamAnswerSchema).nullable(),
    draft_data: z.array(ExamAnswerSchema).nullable(),
    score_data: z.array(SubjectScoreSchema).nullable(),
    comment_data: CommentDataSchema.nullable(),
    marked_attachments: z.array(MarkedAttachmentSchema),
    submitted_at: NullableIsoDateTimeSchema,
    /** Final total; null while something awaits marking (or, for students, until released). */
    score: z.number().nullable(),
    auto_score: z.number().nullable(),
    mark_status: z.enum(['unmarked', 'marked']),
    score_released: z.boolean(),
    answers_released: z.boolean(),
    /** The right answers, under the key the original clients read; null until they may be shown. */
    correct_answers_data: z.object({ correct_answers: z.array(CorrectAnswerSchema) }).nullable(),
  })
  .meta({ id: 'ExamSubmission' });
export type ExamSubmission = z.infer<typeof ExamSubmissionSchema>;

/** `GET /api/exams/{eid}/submissions/{sid}`: the submission with its paper (no answers in the paper itself). */
export const ExamSubmissionDetailSchema = ExamSubmissionSchema.extend({
  subjects: z.array(PaperSubjectSchema),
}).meta({ id: 'ExamSubmissionDetail' });
export type ExamSubmissionDetail = z.infer<typeof ExamSubmissionDetailSchema>;

export const ExamSubmissionSummarySchema = z
  .object({
    id: z.number().int(),
    exam_id: z.number().int(),
    instance_id: z.number().int(),
    examinee: z.object({ id: z.number().int(), user_no: z.string(), name: z.string() }),
    group_id: z.number().int().nullable(),
    attempt: z.number().int(),
    is_makeup_exam: z.boolean(),
    submitted_at: NullableIsoDateTimeSchema,
    score: z.number().nullable(),
    mark_status: z.enum(['unmarked', 'marked']),
  })
  .meta({ id: 'ExamSubmissionSummary' });
export type ExamSubmissionSummary = z.infer<typeof ExamSubmissionSummarySchema>;

/**
 * `GET /api/exams/{eid}/submissions`: a student's own final submissions (the teaching team: everyone's),
 * with the student's score by the exam's score rule when released.
 */
export const ExamSubmissionsResponseSchema = z.object({
  submissions: z.array(ExamSubmissionSummarySchema),
  score: z.number().nullable(),
  score_released: z.boolean(),
  answers_released: z.boolean(),
});
export type ExamSubmissionsResponse = z.infer<typeof ExamSubmissionsResponseSchema>;

export const ExamIdParamsSchema = z.object({ id: IdSchema });
/** `/api/exams/{id}/submissions/{sid}` (the issue writes {eid}; one name per path position keeps one route tree). */
export const ExamSubmissionParamsSchema = z.object({ id: IdSchema, sid: IdSchema });

// Classroom exams: the instructor releases one question at a time; students answer it while it is open.

export const ClassroomSubjectParamsSchema = z.object({ id: IdSchema, subjectId: IdSchema });
export const ClassroomSubmitParamsSchema = z.object({ id: IdSchema, subject_id: IdSchema });

/** One question's answer inside the original clients' wrapper body. */
export const ClassroomWrappedAnswerSchema = SubmittedAnswerSchema.omit({ parent_id: true });

/**
 * `POST /api/classroom/{id}/submit/{subject_id}`: the answer to the released question, either flat
 * ({answer_option_ids, answer, answers}, as Lectern's web app sends it) or in the original clients' wrapper
 * ({exam_paper_instance_id, subjects: [{subject_id, answer_option_ids, answer}]}), whose entry for the path's
 * question is the answer. A body carrying neither form is refused rather than stored as an empty answer.
 */
export const ClassroomSubmitRequestSchema = SubmittedAnswerSchema.omit({
  subject_id: true,
  parent_id: true,
}).extend({
  subject_id: z.number().int().positive().optional(),
  exam_paper_instance_id: z.number().int().nullish(),
  subjects: z.array(ClassroomWrappedAnswerSchema).max(TAKING_LIMITS.answersPerSubmission).optional(),
});
export type ClassroomSubmitRequest = z.input<typeof ClassroomSubmitRequestSchema>;

export const ClassroomAnswerSchema = z
  .object({
    subject_id: z.number().int(),
    answer_option_ids: z.array(z.number().int()),
    answer: z.string().nullable(),
    answers: z.array(z.object({ sort: z.number().int(), content: z.string() })),
    submitted_at: IsoDateTimeSchema,
    /** Known once the question is closed (students) or at once (teaching team); null for short answers. */
    is_correct: z.boolean().nullable(),
  })
  .meta({ id: 'ClassroomAnswer' });
export type ClassroomAnswer = z.infer<typeof ClassroomAnswerSchema>;

/**
 * `GET /api/classroom-exams/{id}/state`, polled by students and the instructor. Answer counts come as they
 * arrive for the teaching team; students see them once the question is closed.
 */
export const ClassroomStateSchema = z
  .object({
    exam_id: z.number().int(),
    released: z
      .object({
        subject: PaperSubjectSchema,
        is_open: z.boolean(),
        released_at: IsoDateTimeSchema,
        closed_at: NullableIsoDateTimeSchema,
        /** The right options: teaching team at once, students once closed. */
        correct_option_ids: z.array(z.number().int()).nullable(),
      })
      .nullable(),
    student_count: z.number().int(),
    answer_count: z.number().int(),
    option_counts: z.array(z.object({ option_id: z.number().int(), count: z.number().int() })).nullable(),
    correct_count: z.number().int().nullable(),
    my_answer: ClassroomAnswerSchema.nullable(),
    /** Every release of this classroom exam, newest first (teaching team only; empty for students). */
    releases: z.array(
      z.object({
        subject_id: z.number().int(),
        released_at: IsoDateTimeSchema,
        closed_at: NullableIsoDateTimeSchema,
        answer_count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ClassroomState' });
export type ClassroomState = z.infer<typeof ClassroomStateSchema>;

/** Push event data of `classroom.release_changed`: a question was released or closed; refetch the state. */
export type ClassroomReleaseData = { exam_id: number; subject_id: number; is_open: boolean };
