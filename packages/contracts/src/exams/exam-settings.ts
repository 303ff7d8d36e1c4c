import { z } from 'zod';
import { SUBJECT_LIMITS } from './subject.schemas.ts';

export const SCORE_RULES = ['highest', 'last', 'average'] as const;
/** When students see the correct answers, and their scores: never, once submitted, or from a date. */
export const ANNOUNCE_TYPES = ['never', 'after_submit', 'after_date'] as const;
export const EXAM_DISPLAY_MODES = ['all', 'one_by_one'] as const;

export const EXAM_LIMITS = { submitTimesMax: 99, totalPointsMax: 1000, timeLimitMinutesMax: 10_000 } as const;

/**
 * `data` of an `exam` (and `classroom_exam`) activity. Placement, title, times, publish state and the
 * completion criterion are the activity's own columns; everything exam-specific lives here.
 */
export const ExamDataSchema = z
  .object({
    description: z.string().max(200_000).optional(),
    total_points: z
      .number()
      .positive('exams.totalPointsInvalid')
      .max(EXAM_LIMITS.totalPointsMax, 'exams.totalPointsInvalid')
      .default(SUBJECT_LIMITS.examTotalPoints),
    /** Attempts allowed (spec: submit_times, default 1). */
    submit_times: z
      .number()
      .int('exams.submitTimesInvalid')
      .min(1, 'exams.submitTimesInvalid')
      .max(EXAM_LIMITS.submitTimesMax, 'exams.submitTimesInvalid')
      .default(1),
    score_rule: z.enum(SCORE_RULES).default('highest'),
    announce_answer_type: z.enum(ANNOUNCE_TYPES).default('after_submit'),
    announce_answer_time: z.iso.datetime({ offset: true }).nullable().optional(),
    announce_score_type: z.enum(ANNOUNCE_TYPES).default('after_submit'),
    announce_score_time: z.iso.datetime({ offset: true }).nullable().optional(),
    /**
     * Minutes per attempt, counted from the paper's distribution (null: no limit but the exam's end). The
     * attempt's deadline is the earlier of that and the end time; see attempt-deadline.ts.
     */
    time_limit_minutes: z
      .number()
      .int('exams.timeLimitInvalid')
      .min(1, 'exams.timeLimitInvalid')
      .max(EXAM_LIMITS.timeLimitMinutesMax, 'exams.timeLimitInvalid')
      .nullable()
      .optional(),
    random_subject_order: z.boolean().default(false),
    random_option_order: z.boolean().default(false),
    display_mode: z.enum(EXAM_DISPLAY_MODES).default('all'),
    /** Group exam: one submission per group of this group set. */
    group_set_id: z.number().int().positive().nullable().optional(),
    has_make_up_user: z.boolean().default(false),
  })
  .loose()
  .superRefine((d, ctx) => {
    if (d.announce_answer_type === 'after_date' && !d.announce_answer_time) {
      ctx.addIssue({ code: 'custom', path: ['announce_answer_time'], message: 'exams.announceTimeRequired' });
    }
    if (d.announce_score_type === 'after_date' && !d.announce_score_time) {
      ctx.addIssue({ code: 'custom', path: ['announce_score_time'], message: 'exams.announceTimeRequired' });
    }
  });
export type ExamData = z.output<typeof ExamDataSchema>;

/** Reads an activity's stored `data` as exam settings, defaults filled in. */
export function examSettings(data: Record<string, unknown>): ExamData {
  const parsed = ExamDataSchema.safeParse(data);
  return parsed.success ? parsed.data : ExamDataSchema.parse({});
}
