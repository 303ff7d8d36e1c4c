import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/pagination.schemas.ts';
import {
  IdSchema,
  IsoDateTimeSchema,
  NullableIsoDateTimeSchema,
  QueryBooleanSchema,
} from '../common/primitives.schemas.ts';
import { ExamSubmissionDetailSchema, ExamSubmissionSchema } from './exam-taking.schemas.ts';

/** Marking (spec 000 section 7 and the addendum), retakes (spec 001) and the score export. */
export const MARKING_LIMITS = {
  /** Addendum section 5: a comment has at most 2000 characters. */
  commentMax: 2000,
  scoresPerRequest: 500,
  retakeExamineesMax: 500,
} as const;

export const MarkingQuerySchema = z.object({ is_makeup_exam: QueryBooleanSchema.optional() });
export type MarkingQuery = z.input<typeof MarkingQuerySchema>;

/** `subjectId` 0 asks about whole submissions (marking by student) rather than one question. */
export const MarkingSubjectParamsSchema = z.object({
  id: IdSchema,
  subjectId: z.coerce.number().int().min(0),
});
export const MarkingExamineeParamsSchema = MarkingSubjectParamsSchema.extend({ examineeId: IdSchema });
export const MarkingGroupParamsSchema = MarkingSubjectParamsSchema.extend({ groupId: IdSchema });

export const MARK_STATUSES = ['marked', 'unmarked', 'unsubmitted'] as const;

/** `GET /api/exams/{id}/subjects/{subjectId}/examinees`: every examinee of the paper and where marking stands. */
export const MarkingExamineeSchema = z
  .object({
    id: z.number().int(),
    user_no: z.string(),
    name: z.string(),
    /** For this question (or, with subjectId 0, the whole paper) across the examinee's final submissions. */
    mark_status: z.enum(MARK_STATUSES),
    submission_count: z.number().int(),
    latest_submission_id: z.number().int().nullable(),
    /** The question's score in the latest submission (the total with subjectId 0). */
    score: z.number().nullable(),
    /** The latest submission's total, once nothing in it awaits marking. */
    total_score: z.number().nullable(),
    submitted_at: NullableIsoDateTimeSchema,
  })
  .meta({ id: 'MarkingExaminee' });
export type MarkingExaminee = z.infer<typeof MarkingExamineeSchema>;
export const MarkingExamineesResponseSchema = z.object({ examinees: z.array(MarkingExamineeSchema) });
export type MarkingExamineesResponse = z.infer<typeof MarkingExamineesResponseSchema>;

/** Spec 001 section 3, "Exam group / marking group", for group exams. */
export const MarkingGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    mark_status: z.enum(MARK_STATUSES),
    examinee_ids: z.array(z.number().int()),
  })
  .meta({ id: 'MarkingGroup' });
export type MarkingGroup = z.infer<typeof MarkingGroupSchema>;
export const MarkingGroupsResponseSchema = z.object({ groups: z.array(MarkingGroupSchema) });
export type MarkingGroupsResponse = z.infer<typeof MarkingGroupsResponseSchema>;

/** Final submissions of one examinee or group, oldest first, with the papers they answered. */
export const MarkingSubmissionsResponseSchema = z.object({
  submissions: z.array(ExamSubmissionDetailSchema),
});
export type MarkingSubmissionsResponse = z.infer<typeof MarkingSubmissionsResponseSchema>;

/** `PUT /api/exams/{id}/submissions/{submissionId}/comment`. With subject_id the comment is on that question. */
export const CommentRequestSchema = z.object({
  comment: z.string().max(MARKING_LIMITS.commentMax, 'exams.marking.commentTooLong').nullable(),
  subject_id: IdSchema.nullish(),
});
export type CommentRequest = z.input<typeof CommentRequestSchema>;
export const SubmissionCommentParamsSchema = z.object({ id: IdSchema, sid: IdSchema });

/** A score: at least 0, one decimal at most (the question's points are checked by the server). */
export const MarkScoreSchema = z
  .number('exams.marking.scoreInvalid')
  .min(0, 'exams.marking.scoreInvalid')
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, 'exams.marking.scoreInvalid');

export const GiveScoreRequestSchema = z.object({
  submission_id: IdSchema,
  subject_id: IdSchema,
  score: MarkScoreSchema,
});
export type GiveScoreRequest = z.input<typeof GiveScoreRequestSchema>;

export const GiveScoresRequestSchema = z.object({
  scores: z.array(GiveScoreRequestSchema).min(1).max(MARKING_LIMITS.scoresPerRequest),
});
export type GiveScoresRequest = z.input<typeof GiveScoresRequestSchema>;
export const GiveScoresResponseSchema = z.object({ submissions: z.array(ExamSubmissionSchema) });
export type GiveScoresResponse = z.infer<typeof GiveScoresResponseSchema>;

/** `POST /api/exams/{id}/submissions/{sid}/marked-attachments`: a file the marker attaches. */
export const MarkedAttachmentRequestSchema = z.object({
  upload_id: IdSchema,
  subject_id: IdSchema.nullish(),
});
export type MarkedAttachmentRequest = z.input<typeof MarkedAttachmentRequestSchema>;
export const MarkedAttachmentParamsSchema = z.object({ id: IdSchema, sid: IdSchema });

// Retakes (spec 001 sections 2, 3 and 9).

/** `POST /api/exams/{id}/retake`: each examinee gets one more attempt. */
export const RetakeRequestSchema = z.object({
  examinee_ids: z.array(IdSchema).min(1).max(MARKING_LIMITS.retakeExamineesMax),
});
export type RetakeRequest = z.input<typeof RetakeRequestSchema>;

export const RetakeRecordSchema = z
  .object({
    id: z.number().int(),
    exam_id: z.number().int(),
    examinee: z.object({
      id: z.number().int(),
      user_no: z.string(),
      name: z.string(),
      mark_status: z.enum(MARK_STATUSES),
    }),
    exam_type: z.enum(['exam', 'makeup']),
    /** When the submission the retake followed was handed in (null: none yet). */
    submit_time: NullableIsoDateTimeSchema,
    submission_id: z.number().int().nullable(),
    retake_operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    retake_operate_time: IsoDateTimeSchema,
  })
  .meta({ id: 'RetakeRecord' });
export type RetakeRecord = z.infer<typeof RetakeRecordSchema>;
export const RetakeResponseSchema = z.object({ items: z.array(RetakeRecordSchema) });
export type RetakeResponse = z.infer<typeof RetakeResponseSchema>;

/** `GET /api/exams/{examId}/retake-record`: page size 10 by default (spec 001 section 9). */
export const RetakeRecordsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Omitted: every record; false: the main exam's only. */
  include_make_up: QueryBooleanSchema.optional(),
});
export type RetakeRecordsQuery = z.input<typeof RetakeRecordsQuerySchema>;
export const RetakeRecordsResponseSchema = z.object({
  items: z.array(RetakeRecordSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type RetakeRecordsResponse = z.infer<typeof RetakeRecordsResponseSchema>;

export const RetakeRecordParamsSchema = z.object({ id: IdSchema, recordId: IdSchema });
/** `GET /api/exams/{id}/retake-records/{recordId}/submission`: the record and the submission it followed. */
export const RetakeRecordSubmissionResponseSchema = z.object({
  record: RetakeRecordSchema,
  submission: ExamSubmissionDetailSchema.nullable(),
});
export type RetakeRecordSubmissionResponse = z.infer<typeof RetakeRecordSubmissionResponseSchema>;

export const ScoresCsvQuerySchema = z.object({ is_makeup_exam: QueryBooleanSchema.optional() });
