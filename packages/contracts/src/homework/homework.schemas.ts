import { z } from 'zod';
import { ConditionsSchema, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { UploadReferenceSchema } from '../uploads/upload.schemas.ts';
import { AnnounceScoreTypeSchema, HOMEWORK_LIMITS, RUBRIC_VISIBLE_TYPES } from './homework-settings.ts';
import { HOMEWORK_STATUS_VALUES, isValidHomeworkScore } from './homework.rules.ts';

/**
 * Homework (issue 10): settings calls, hand-ins, marking, score records and marked attachments. Paths and
 * field names are the original system's; a homework id is its activity id (decision 0007).
 */

// ---------------------------------------------------------------------------------------------- params

export const HomeworkIdParamsSchema = z.object({ id: IdSchema });
export const HomeworkStudentParamsSchema = z.object({ id: IdSchema, studentId: IdSchema });
export const HomeworkGroupParamsSchema = z.object({ id: IdSchema, groupId: IdSchema });
export const CourseHomeworkParamsSchema = z.object({ courseId: IdSchema });
/** `/api/activity/{activityId}/submitter/{submitterId}/score-records`: a student, or a group for group work. */
export const ScoreRecordsParamsSchema = z.object({ activityId: IdSchema, submitterId: IdSchema });
export const SubmissionIdParamsSchema = z.object({ id: IdSchema });
export const MarkedAttachmentItemParamsSchema = z.object({ id: IdSchema, attId: IdSchema });

// ---------------------------------------------------------------------------------------------- shared

export const HomeworkStatusSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);
export const ZeroOneSchema = z.union([z.literal(0), z.literal(1)]);

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });
const StudentSchema = z.object({ id: z.number().int(), name: z.string(), user_no: z.string() });
const GroupSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A score as typed: a string or a number, following the homework score rule (addendum section 5).
 * Null clears it.
 */
export const HomeworkScoreInputSchema = z
  .union([z.string().max(8), z.number()], { error: 'homework.validationScore' })
  .refine((v) => isValidHomeworkScore(v), 'homework.validationScore');

/** One criterion's chosen level in a rubric score (the rubrics slice owns what the levels are). */
export const RubricScoreItemSchema = z
  .object({
    condition_index: z.number().int().min(0).optional(),
    name: z.string().max(255).optional(),
    level_index: z.number().int().min(0).nullable().optional(),
    score: z.number().nullable().optional(),
  })
  .loose();
export const RubricScoreSchema = z.array(RubricScoreItemSchema).max(100);
export type RubricScore = z.infer<typeof RubricScoreSchema>;

/** The caller's rights on a homework, from their course roles (addendum section 6). */
export const HomeworkPermissionsSchema = z.object({
  /** May score and comment (the teaching team; never while simulating a student). */
  allow_mark: z.boolean(),
  /** May edit the homework (description, rubric, publishing). */
  allow_edit: z.boolean(),
  /** May change settings (publishing, make-up windows, redo, recommend). */
  allow_setting: z.boolean(),
});
export type HomeworkPermissions = z.infer<typeof HomeworkPermissionsSchema>;

// ---------------------------------------------------------------------------------------------- submissions

/** One version of a student's (or group's) hand-in, or their draft. */
export const HomeworkSubmissionSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    /** The student whose submission it is; null for a group submission. */
    student_id: z.number().int().nullable(),
    group_id: z.number().int().nullable(),
    student: StudentSchema.nullable(),
    group: GroupSchema.nullable(),
    /** 1 for the first hand-in; each resubmission is the next. A draft (at most one per submitter) is 0. */
    version: z.number().int(),
    is_draft: z.boolean(),
    /** Sanitised rich text. */
    comment: z.string(),
    slides: z.array(z.unknown()),
    /** 1 submitted on time (or late, see is_late), 2 handed in during a make-up window. */
    status: HomeworkStatusSchema,
    is_late: z.boolean(),
    /** Null while unmarked, or while scores are not published to this viewer. */
    score: z.number().nullable(),
    final_score: z.number().nullable(),
    instructor_comment: z.string().nullable(),
    rubric_score: RubricScoreSchema.nullable(),
    /** Whether the viewer sees the marking (score, comment, rubric score, marked attachments). */
    is_score_visible: z.boolean(),
    is_marked: z.boolean(),
    recommend: ZeroOneSchema,
    submitted_at: NullableIsoDateTimeSchema,
    /** The student, or the instructor who handed it in on their behalf. */
    submitted_by: PersonSchema.nullable(),
    marked_by: PersonSchema.nullable(),
    marked_at: NullableIsoDateTimeSchema,
    uploads: z.array(UploadReferenceSchema),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'HomeworkSubmission' });
export type HomeworkSubmission = z.infer<typeof HomeworkSubmissionSchema>;

/**
 * `POST /api/course/activities/{id}/submissions`: a rich-text comment plus attachments. `is_draft` saves
 * (or replaces) the draft; otherwise it is a hand-in, a new version.
 */
export const CreateSubmissionRequestSchema = z.object({
  comment: z
    .string()
    .max(HOMEWORK_LIMITS.submissionCommentMax, 'homework.commentTooLong')
    .nullable()
    .optional(),
  /** Upload ids, in order. */
  uploads: z.array(IdSchema).max(HOMEWORK_LIMITS.uploadsPerSubmission).default([]),
  slides: z.array(z.unknown()).max(HOMEWORK_LIMITS.slidesPerSubmission).default([]),
  is_draft: z.boolean().default(false),
});
export type CreateSubmissionRequest = z.input<typeof CreateSubmissionRequestSchema>;

/** A submitter's standing on a homework, as the marking list and the student's own page show it. */
export const HomeworkSubmitterSchema = z
  .object({
    /** The student's id, or the group's for group homework. */
    id: z.number().int(),
    kind: z.enum(['student', 'group']),
    name: z.string(),
    user_no: z.string().nullable(),
    member_ids: z.array(z.number().int()),
    status: HomeworkStatusSchema,
    mark_status: z.enum(['marked', 'unmarked', 'unsubmitted']),
    recommend: ZeroOneSchema,
    /** Hand-ins so far (drafts not counted). */
    submission_count: z.number().int(),
    latest_submission_id: z.number().int().nullable(),
    /**
     * The upload ids of the latest hand-in's files, in order (empty when nothing is handed in): with
     * them, "download all" is one `/zip/uploads` request, not one read per submitter.
     */
    latest_upload_ids: z.array(z.number().int()),
    score: z.number().nullable(),
    final_score: z.number().nullable(),
    submitted_at: NullableIsoDateTimeSchema,
    /** The end of a make-up window the instructor granted (null: none). */
    make_up_end_time: NullableIsoDateTimeSchema,
  })
  .meta({ id: 'HomeworkSubmitter' });
export type HomeworkSubmitter = z.infer<typeof HomeworkSubmitterSchema>;

/** `POST /api/course/activities/{id}/submissions` answer: the stored version (or draft) and where the submitter stands. */
export const CreateSubmissionResponseSchema = z.object({
  submission: HomeworkSubmissionSchema,
  submitter: HomeworkSubmitterSchema,
});
export type CreateSubmissionResponse = z.infer<typeof CreateSubmissionResponseSchema>;

/**
 * `GET /api/course/activities/{id}/students/{s}/submission` and `GET /api/activities/{id}/groups/{g}/submission`:
 * the latest hand-in (or, for the owner, the draft when there is one) with the submitter's standing.
 */
export const SubmissionResponseSchema = z.object({
  submission: HomeworkSubmissionSchema.nullable(),
  /** The owner's draft, if any (only its owner and nobody else sees it). */
  draft: HomeworkSubmissionSchema.nullable(),
  submitter: HomeworkSubmitterSchema,
  /** Hand-ins left (null: unlimited). */
  submissions_left: z.number().int().nullable(),
  permissions: HomeworkPermissionsSchema,
});
export type SubmissionResponse = z.infer<typeof SubmissionResponseSchema>;

/**
 * `GET /api/activities/{id}/students/{s}/submission_list` and `.../groups/{g}/submission_list`: every
 * version, oldest first (instructors see all; a student their own, or their group's).
 */
export const SubmissionListResponseSchema = z.object({ submissions: z.array(HomeworkSubmissionSchema) });
export type SubmissionListResponse = z.infer<typeof SubmissionListResponseSchema>;

/** `GET /api/courses/{id}/homework-activities`. conditions: {keyword?, is_closed?, has_submitted?}. */
export const HomeworkActivitiesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  conditions: ConditionsSchema,
});
export type HomeworkActivitiesQuery = z.input<typeof HomeworkActivitiesQuerySchema>;

export const HomeworkActivitySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    start_time: NullableIsoDateTimeSchema,
    /** The end_time. */
    deadline: NullableIsoDateTimeSchema,
    published: z.boolean(),
    is_closed: z.boolean(),
    is_group: z.boolean(),
    /** How many submitters have handed in (the teaching team's count; a student sees their own 0 or 1). */
    submitted: z.number().int(),
    /** How many students (or groups) are expected to. */
    submitter_count: z.number().int(),
    /** Has the viewer (or their group) handed in? */
    has_submitted: z.boolean(),
    /** The viewer's score, once published to them. */
    score: z.number().nullable(),
    status: HomeworkStatusSchema.nullable(),
  })
  .meta({ id: 'HomeworkActivity' });
export type HomeworkActivity = z.infer<typeof HomeworkActivitySchema>;
export const HomeworkActivitiesResponseSchema = z.object({
  homework_activities: z.array(HomeworkActivitySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type HomeworkActivitiesResponse = z.infer<typeof HomeworkActivitiesResponseSchema>;

/** `GET /api/activities/{a}/students/{u}/homework-score`. */
export const HomeworkScoreResponseSchema = z.object({
  activity_id: z.number().int(),
  student_id: z.number().int(),
  submission_id: z.number().int().nullable(),
  score: z.number().nullable(),
  final_score: z.number().nullable(),
  is_score_visible: z.boolean(),
  status: HomeworkStatusSchema,
});
export type HomeworkScoreResponse = z.infer<typeof HomeworkScoreResponseSchema>;

// ---------------------------------------------------------------------------------------------- homework settings

/** `GET /api/homework/{id}`: the homework as its pages need it, with the caller's rights and standing. */
export const HomeworkDetailSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    published: z.boolean(),
    is_closed: z.boolean(),
    is_group: z.boolean(),
    group_set_id: z.number().int().nullable(),
    submit_times: z.number().int().nullable(),
    allow_late_submission: z.boolean(),
    late_submission_end_time: NullableIsoDateTimeSchema,
    duplicate_check_enabled: z.boolean(),
    duplicate_check_threshold: z.number(),
    announceScoreType: AnnounceScoreTypeSchema,
    isAnnounceMark: ZeroOneSchema,
    announceScoreTime: NullableIsoDateTimeSchema,
    interScoreMap: z.record(z.string(), z.unknown()).nullable(),
    intraScoreMap: z.record(z.string(), z.unknown()).nullable(),
    rubric_id: z.number().int().nullable(),
    rubric_visible_type: z.enum(RUBRIC_VISIBLE_TYPES),
    rubric_visible_time: NullableIsoDateTimeSchema,
    intra_rubric_id: z.number().int().nullable(),
    intra_rubric_visible_type: z.enum(RUBRIC_VISIBLE_TYPES),
    intra_rubric_visible_time: NullableIsoDateTimeSchema,
    completion_criterion_key: z.string(),
    completion_criterion_value: z.number().nullable(),
    /** Does a student see scores right now (the publishing rule)? */
    is_score_visible: z.boolean(),
    permissions: HomeworkPermissionsSchema,
    /** True while the caller views the course as a student. */
    is_simulating: z.boolean(),
  })
  .meta({ id: 'HomeworkDetail' });
export type HomeworkDetail = z.infer<typeof HomeworkDetailSchema>;

/** `PATCH /api/homeworks/{id}/description`. */
export const HomeworkDescriptionRequestSchema = z.object({
  description: z.string().max(200_000, 'homework.descriptionTooLong'),
});
export type HomeworkDescriptionRequest = z.input<typeof HomeworkDescriptionRequestSchema>;

/**
 * `GET` and `PATCH /api/homeworks/{id}/reference-answer`: the instructor's reference answer (sanitised
 * HTML) and its files. The teaching team only; students never receive it, in no call.
 */
export const ReferenceAnswerSchema = z
  .object({
    reference_answer: z.string(),
    uploads: z.array(UploadReferenceSchema),
  })
  .meta({ id: 'HomeworkReferenceAnswer' });
export type ReferenceAnswer = z.infer<typeof ReferenceAnswerSchema>;

/** Replaces the reference answer and its files (upload ids, in order; an empty list removes them). */
export const UpdateReferenceAnswerRequestSchema = z.object({
  reference_answer: z.string().max(HOMEWORK_LIMITS.referenceAnswerMax, 'homework.referenceAnswerTooLong'),
  upload_ids: z
    .array(IdSchema)
    .max(HOMEWORK_LIMITS.referenceAnswerUploadsMax, 'homework.referenceAnswerTooManyFiles')
    .default([]),
});
export type UpdateReferenceAnswerRequest = z.input<typeof UpdateReferenceAnswerRequestSchema>;

const VisibleTypeSchema = z.enum(RUBRIC_VISIBLE_TYPES);
/** `PATCH /api/homeworks/{id}/rubric`: only the fields sent change. */
export const HomeworkRubricRequestSchema = z.object({
  rubric_id: IdSchema.nullable().optional(),
  rubric_visible_type: VisibleTypeSchema.optional(),
  rubric_visible_time: IsoDateTimeSchema.nullable().optional(),
  intra_rubric_id: IdSchema.nullable().optional(),
  intra_rubric_visible_type: VisibleTypeSchema.optional(),
  intra_rubric_visible_time: IsoDateTimeSchema.nullable().optional(),
});
export type HomeworkRubricRequest = z.input<typeof HomeworkRubricRequestSchema>;

/**
 * `PUT /api/homework/{id}/announce-mark-status`: publish (1) or withdraw (0) the scores; the publishing
 * type and time may change in the same call.
 */
export const AnnounceMarkStatusRequestSchema = z.object({
  isAnnounceMark: ZeroOneSchema,
  announceScoreType: AnnounceScoreTypeSchema.optional(),
  announceScoreTime: IsoDateTimeSchema.nullable().optional(),
});
export type AnnounceMarkStatusRequest = z.input<typeof AnnounceMarkStatusRequestSchema>;

// ---------------------------------------------------------------------------------------------- marking

/** `GET /api/homework/{id}/submitters`: the marking list. statuses: `1,3`; mark_status: all|marked|unmarked. */
export const SubmittersQuerySchema = z.object({
  mark_status: z.enum(['all', 'marked', 'unmarked']).default('all'),
  statuses: z
    .string()
    .max(32)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => Number(s.trim()))
            .filter((n) => HOMEWORK_STATUS_VALUES.includes(n as never))
        : [],
    ),
});
export type SubmittersQuery = z.input<typeof SubmittersQuerySchema>;
export const SubmittersResponseSchema = z.object({
  submitters: z.array(HomeworkSubmitterSchema),
  permissions: HomeworkPermissionsSchema,
});
export type SubmittersResponse = z.infer<typeof SubmittersResponseSchema>;

/** `PUT /api/course/activities/{id}/submission/score`: `id` is the submission's. */
export const GiveHomeworkScoreRequestSchema = z.object({
  id: IdSchema,
  score: HomeworkScoreInputSchema.nullable().optional(),
  instructor_comment: z
    .string()
    .max(HOMEWORK_LIMITS.instructorCommentMax, 'homework.commentTooLong')
    .nullable()
    .optional(),
  rubric_score: RubricScoreSchema.nullable().optional(),
  /** Defaults to the score when not sent. */
  final_score: HomeworkScoreInputSchema.nullable().optional(),
});
export type GiveHomeworkScoreRequest = z.input<typeof GiveHomeworkScoreRequestSchema>;

/**
 * Instructor actions on chosen submitters (student ids, or group ids for group homework):
 * `POST /api/homework/{id}/redo`, `/remind`, `/mark-unsubmitted`, `/recommend`, `/unrecommend`.
 */
export const SubmittersActionRequestSchema = z.object({
  submitter_ids: z.array(IdSchema).min(1).max(HOMEWORK_LIMITS.submittersPerAction),
});
export type SubmittersActionRequest = z.input<typeof SubmittersActionRequestSchema>;

/** `POST /api/homework/{id}/make-up`: a late window, until end_time, for chosen submitters. */
export const MakeUpRequestSchema = SubmittersActionRequestSchema.extend({
  end_time: IsoDateTimeSchema,
});
export type MakeUpRequest = z.input<typeof MakeUpRequestSchema>;

/** `POST /api/homework/{id}/submit-on-behalf`: an instructor hands in for a student (or group). */
export const SubmitOnBehalfRequestSchema = z.object({
  submitter_id: IdSchema,
  comment: z
    .string()
    .max(HOMEWORK_LIMITS.submissionCommentMax, 'homework.commentTooLong')
    .nullable()
    .optional(),
  uploads: z.array(IdSchema).max(HOMEWORK_LIMITS.uploadsPerSubmission).default([]),
  slides: z.array(z.unknown()).max(HOMEWORK_LIMITS.slidesPerSubmission).default([]),
});
export type SubmitOnBehalfRequest = z.input<typeof SubmitOnBehalfRequestSchema>;

export const SubmittersActionResponseSchema = z.object({ submitters: z.array(HomeworkSubmitterSchema) });
export type SubmittersActionResponse = z.infer<typeof SubmittersActionResponseSchema>;

/** `GET /api/homework/{id}/recommended-submissions`: recommended work, visible to classmates. */
export const RecommendedSubmissionsResponseSchema = z.object({
  submissions: z.array(HomeworkSubmissionSchema),
});

// ---------------------------------------------------------------------------------------------- score records

/** Spec 001 section 3 "Score record": every score change of homework and exams. */
export const ScoreRecordSchema = z
  .object({
    id: z.number().int(),
    created_at: IsoDateTimeSchema,
    /** How the score was given: `manual`, `rubric`, `exam_marking`, `on_behalf`... */
    score_method: z.string(),
    version: z.number().int().nullable(),
    old_score: z.number().nullable(),
    score: z.number().nullable(),
    old_final_score: z.number().nullable(),
    final_score: z.number().nullable(),
    operator_name: z.string().nullable(),
    operator_id: z.number().int().nullable(),
  })
  .meta({ id: 'ScoreRecord' });
export type ScoreRecord = z.infer<typeof ScoreRecordSchema>;

export const ScoreRecordsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ScoreRecordsQuery = z.input<typeof ScoreRecordsQuerySchema>;
/** Newest first. start/end: the 1-based positions of the page's first and last record (0 when empty). */
export const ScoreRecordsResponseSchema = z.object({
  records: z.array(ScoreRecordSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});
export type ScoreRecordsResponse = z.infer<typeof ScoreRecordsResponseSchema>;

// ---------------------------------------------------------------------------------------------- marked attachments

/**
 * A file the marker attaches to a homework submission, often a student's PDF annotated in the editor
 * (origin_upload_id names that student file). `reference_id` is its upload reference: the editor saves a
 * new version with `PUT /api/uploads/references/{reference_id}`.
 */
export const HomeworkMarkedAttachmentSchema = z
  .object({
    id: z.number().int(),
    submission_id: z.number().int(),
    reference_id: z.number().int(),
    upload_id: z.number().int(),
    origin_upload_id: z.number().int().nullable(),
    name: z.string(),
    size: z.number().int(),
    type: z.string(),
    mime_type: z.string().nullable(),
    created_by: PersonSchema.nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    /** Where to view it in the page (as for any attachment), else null. */
    preview_url: z.string().nullable(),
    blob_url: z.string(),
  })
  .meta({ id: 'HomeworkMarkedAttachment' });
export type HomeworkMarkedAttachment = z.infer<typeof HomeworkMarkedAttachmentSchema>;

export const MarkedAttachmentsResponseSchema = z.object({
  marked_attachments: z.array(HomeworkMarkedAttachmentSchema),
});
export type MarkedAttachmentsResponse = z.infer<typeof MarkedAttachmentsResponseSchema>;

/** `PUT /api/uploads/references/{id}`: the reference now points at this upload (a re-saved annotation). */
export const ReplaceReferenceUploadRequestSchema = z.object({ upload_id: IdSchema });
export type ReplaceReferenceUploadRequest = z.input<typeof ReplaceReferenceUploadRequestSchema>;

/**
 * `PUT /api/course/activities/{id}/submissions/correct-uploads`: adds the marker's corrected files to a
 * submission; a file already attached to it is kept once. Removal is `DELETE /api/uploads/marked_attachment/{id}`.
 */
export const CorrectUploadsRequestSchema = z.object({
  submission_id: IdSchema,
  uploads: z
    .array(z.object({ upload_id: IdSchema, origin_upload_id: IdSchema.nullable().optional() }))
    .min(1)
    .max(HOMEWORK_LIMITS.uploadsPerSubmission),
});
export type CorrectUploadsRequest = z.input<typeof CorrectUploadsRequestSchema>;

// ---------------------------------------------------------------------------------------------- peer scores

export const PeerScoreSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['inter', 'intra']),
    scorer: StudentSchema,
    /** inter: the group scored; intra: the scorer's own group. */
    group_id: z.number().int(),
    /** intra: the member scored; null for inter. */
    target_user_id: z.number().int().nullable(),
    score: z.number(),
    comment: z.string().nullable(),
    rubric_score: RubricScoreSchema.nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'PeerScore' });
export type PeerScore = z.infer<typeof PeerScoreSchema>;

/** `GET /api/homework/{id}/inter-scores`: every inter-group score (the teaching team), or the caller's own. */
export const InterScoresResponseSchema = z.object({ inter_scores: z.array(PeerScoreSchema) });
export type InterScoresResponse = z.infer<typeof InterScoresResponseSchema>;
/** `GET /api/homework/{id}/intra-scores`. */
export const IntraScoresResponseSchema = z.object({ intra_scores: z.array(PeerScoreSchema) });
export type IntraScoresResponse = z.infer<typeof IntraScoresResponseSchema>;

/** What a student gives with a peer score, whichever way it points. */
const PeerScoreInputShape = {
  score: HomeworkScoreInputSchema,
  comment: z
    .string()
    .max(HOMEWORK_LIMITS.instructorCommentMax, 'homework.commentTooLong')
    .nullable()
    .optional(),
  rubric_score: RubricScoreSchema.nullable().optional(),
};
/** `POST /api/homework/{id}/inter-scores`: a student scores another group's submission. */
export const GiveInterScoreRequestSchema = z.object({ group_id: IdSchema, ...PeerScoreInputShape });
export type GiveInterScoreRequest = z.input<typeof GiveInterScoreRequestSchema>;
/** `POST /api/homework/{id}/intra-scores`: a student scores a member of their own group. */
export const GiveIntraScoreRequestSchema = z.object({ user_id: IdSchema, ...PeerScoreInputShape });
export type GiveIntraScoreRequest = z.input<typeof GiveIntraScoreRequestSchema>;

/** `GET /api/activities/{id}/group/{g}/intra_submission`: a group's members and the scores they gave each other. */
export const IntraSubmissionResponseSchema = z.object({
  group: GroupSchema,
  members: z.array(StudentSchema),
  intra_scores: z.array(PeerScoreSchema),
  /** Each member's average received score (null: nobody scored them yet). */
  averages: z.array(z.object({ user_id: z.number().int(), average: z.number().nullable() })),
});
export type IntraSubmissionResponse = z.infer<typeof IntraSubmissionResponseSchema>;
