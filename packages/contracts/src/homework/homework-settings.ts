import { z } from 'zod';

/** Limits of homework settings and submissions (addendum section 5 and issue 10). */
export const HOMEWORK_LIMITS = {
  submitTimesMax: 99,
  /** Addendum section 5: the publish settings' duplicate-check threshold defaults to 30 (percent). */
  duplicateThresholdDefault: 30,
  /** Addendum section 5: a marker's comment has at most 2000 characters. */
  instructorCommentMax: 2000,
  /** The student's rich-text comment (HTML). */
  submissionCommentMax: 200_000,
  uploadsPerSubmission: 50,
  /** The reference answer's rich text (HTML) and its files. */
  referenceAnswerMax: 200_000,
  referenceAnswerUploadsMax: 20,
  slidesPerSubmission: 200,
  submittersPerAction: 500,
} as const;

/** Score publishing (addendum section 3): 1 not published, 2 published at once, 3 from a chosen time. */
export const ANNOUNCE_SCORE_TYPES = { notPublished: 1, now: 2, customTime: 3 } as const;
export type AnnounceScoreType = (typeof ANNOUNCE_SCORE_TYPES)[keyof typeof ANNOUNCE_SCORE_TYPES];
export const AnnounceScoreTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'homework.announceTypeInvalid',
});

/** When students see a rubric: always, never, or from a chosen time. */
export const RUBRIC_VISIBLE_TYPES = ['visible', 'invisible', 'custom_time'] as const;
export type RubricVisibleType = (typeof RUBRIC_VISIBLE_TYPES)[number];

const DateTimeSchema = z.iso.datetime({ offset: true, error: 'homework.dateTimeInvalid' });
const RubricIdSchema = z.number().int().positive().nullable().optional();

/**
 * `data` of a `homework` activity (decision 0007: placement, title, start and end (the deadline), publish
 * state and the completion criterion are the activity's own columns). The camelCase keys are the original
 * system's names, which its clients read from the activity as they are. The rubric keys are shared with the
 * rubrics slice, which counts a rubric's uses by them: keep their names.
 */
export const HomeworkDataSchema = z
  .object({
    description: z.string().max(200_000).optional(),
    /** Group homework: one submission and one score per group of this group set. */
    group_set_id: z.number().int().positive().nullable().optional(),
    /** Hand-ins allowed per student (or group); null: unlimited. Drafts do not count. */
    submit_times: z
      .number()
      .int('homework.submitTimesInvalid')
      .min(1, 'homework.submitTimesInvalid')
      .max(HOMEWORK_LIMITS.submitTimesMax, 'homework.submitTimesInvalid')
      .nullable()
      .default(null),
    /** Late policy: after the deadline, hand-ins are refused unless this is on. */
    allow_late_submission: z.boolean().default(false),
    /** With late hand-ins allowed: until when (null: no limit). */
    late_submission_end_time: DateTimeSchema.nullable().optional(),
    duplicate_check_enabled: z.boolean().default(false),
    duplicate_check_threshold: z
      .number()
      .min(0, 'homework.thresholdInvalid')
      .max(100, 'homework.thresholdInvalid')
      .default(HOMEWORK_LIMITS.duplicateThresholdDefault),
    announceScoreType: AnnounceScoreTypeSchema.default(ANNOUNCE_SCORE_TYPES.now),
    /** 1 once the instructor has published the scores (PUT /api/homework/{id}/announce-mark-status). */
    isAnnounceMark: z.union([z.literal(0), z.literal(1)]).default(0),
    announceScoreTime: DateTimeSchema.nullable().optional(),
    /** Inter-group peer scoring settings (null: off); kept as the original clients send them. */
    interScoreMap: z.record(z.string(), z.unknown()).nullable().optional(),
    /** Intra-group (member) peer scoring settings (null: off). */
    intraScoreMap: z.record(z.string(), z.unknown()).nullable().optional(),
    rubric_id: RubricIdSchema,
    rubric_visible_type: z.enum(RUBRIC_VISIBLE_TYPES).default('visible'),
    rubric_visible_time: DateTimeSchema.nullable().optional(),
    intra_rubric_id: RubricIdSchema,
    intra_rubric_visible_type: z.enum(RUBRIC_VISIBLE_TYPES).default('visible'),
    intra_rubric_visible_time: DateTimeSchema.nullable().optional(),
    /**
     * The instructor's reference answer (sanitised HTML) and the upload ids of its files. For the teaching
     * team only: the server strips both from everything a student receives, and only
     * `PATCH /api/homeworks/{id}/reference-answer` changes them (it also attaches the files).
     */
    reference_answer: z
      .string()
      .max(HOMEWORK_LIMITS.referenceAnswerMax, 'homework.referenceAnswerTooLong')
      .optional(),
    reference_answer_upload_ids: z
      .array(z.number().int().positive())
      .max(HOMEWORK_LIMITS.referenceAnswerUploadsMax, 'homework.referenceAnswerTooManyFiles')
      .optional(),
  })
  .loose()
  .superRefine((d, ctx) => {
    if (d.announceScoreType === ANNOUNCE_SCORE_TYPES.customTime && !d.announceScoreTime) {
      ctx.addIssue({ code: 'custom', path: ['announceScoreTime'], message: 'homework.announceTimeRequired' });
    }
    if (d.rubric_visible_type === 'custom_time' && !d.rubric_visible_time) {
      ctx.addIssue({
        code: 'custom',
        path: ['rubric_visible_time'],
        message: 'homework.visibleTimeRequired',
      });
    }
    if (d.intra_rubric_visible_type === 'custom_time' && !d.intra_rubric_visible_time) {
      ctx.addIssue({
        code: 'custom',
        path: ['intra_rubric_visible_time'],
        message: 'homework.visibleTimeRequired',
      });
    }
  });
export type HomeworkData = z.output<typeof HomeworkDataSchema>;

/** The `data` keys only the teaching team may receive (the reference answer and its files). */
export const HOMEWORK_TEACHING_ONLY_KEYS = ['reference_answer', 'reference_answer_upload_ids'] as const;

/** Reads an activity's stored `data` as homework settings, defaults filled in. */
export function homeworkSettings(data: Record<string, unknown>): HomeworkData {
  const parsed = HomeworkDataSchema.safeParse(data);
  return parsed.success ? parsed.data : HomeworkDataSchema.parse({});
}
