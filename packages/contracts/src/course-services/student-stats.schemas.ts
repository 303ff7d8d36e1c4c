import { z } from 'zod';
import { ConditionsSchema } from '../common/pagination.schemas.ts';
import { idListQuerySchema, IsoDateSchema } from '../common/primitives.schemas.ts';
import { isTimeZone } from '../uploads/zip.schemas.ts';

/**
 * What `GET /api/courses/tpdoe/stat-students` counts per day, from what Lectern stores:
 * - `active_students`: students who opened an activity or handed something in that day (distinct);
 * - `reads`: visits to activities by students that day: an opening, or a return after 30 minutes or more
 *   without a read of that activity (a playing video reports every few seconds);
 * - `submissions`: hand-ins that day (homework versions, exam submissions, questionnaire answers).
 */
export const STUDENT_STAT_TYPES = ['active_students', 'reads', 'submissions'] as const;
export type StudentStatType = (typeof STUDENT_STAT_TYPES)[number];

export const STUDENT_STATS_LIMITS = { maxCourses: 50, maxDays: 366 } as const;

/** Whole days from `start` to `end` inclusive, both `YYYY-MM-DD`. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * `course_ids` (comma-separated or repeated, at most 50), `start_date` and `end_date` (inclusive, at
 * most 366 days), `stat_type`, and `conditions` whose `timezone` (IANA name, UTC when absent) says
 * where a day starts and ends.
 */
export const StudentStatsQuerySchema = z
  .object({
    course_ids: idListQuerySchema(
      STUDENT_STATS_LIMITS.maxCourses,
      'courseServices.statCoursesInvalid',
    ).refine((ids) => ids.length > 0, 'courseServices.statCoursesInvalid'),
    start_date: IsoDateSchema,
    end_date: IsoDateSchema,
    stat_type: z.enum(STUDENT_STAT_TYPES, 'courseServices.statTypeInvalid').default('active_students'),
    conditions: ConditionsSchema,
  })
  .superRefine((query, ctx) => {
    const days = daysBetween(query.start_date, query.end_date);
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'courseServices.endBeforeStart' });
    } else if (days > STUDENT_STATS_LIMITS.maxDays) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'courseServices.statRangeTooLong' });
    }
    const timezone = query.conditions.timezone;
    if (timezone !== undefined && (typeof timezone !== 'string' || !isTimeZone(timezone))) {
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'courseServices.statTimezoneInvalid' });
    }
  });
export type StudentStatsQuery = z.input<typeof StudentStatsQuerySchema>;

export const StudentStatsResultSchema = z
  .object({
    stat_type: z.enum(STUDENT_STAT_TYPES),
    start_date: IsoDateSchema,
    end_date: IsoDateSchema,
    timezone: z.string(),
    /** Students of the listed courses today (a student of two courses counts once). */
    student_count: z.number().int(),
    /** The whole range's figure: distinct students for `active_students`, else the sum of the days. */
    total: z.number().int(),
    /** Every day of the range, in order, days without anything at 0. */
    days: z.array(z.object({ date: IsoDateSchema, value: z.number().int() })),
    /** Each listed course's figure over the range, in the order asked. */
    courses: z.array(
      z.object({
        course_id: z.number().int(),
        name: z.string(),
        student_count: z.number().int(),
        value: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'StudentStatsResult' });
export type StudentStatsResult = z.infer<typeof StudentStatsResultSchema>;

export const StudentStatsResponseSchema = z.object({ result: StudentStatsResultSchema });
export type StudentStatsResponse = z.infer<typeof StudentStatsResponseSchema>;
