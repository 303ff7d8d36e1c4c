import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * `GET /api/stat/courses/{id}/overview`: the teaching team's figures of one course at a glance. Students are
 * the course's (a combined course's include its sub-courses'); activities are those not in the recycle bin.
 */
export const CourseOverviewStatsSchema = z
  .object({
    course_id: z.number().int(),
    student_count: count,
    /** Students who opened an activity or handed something in during the last 7 days. */
    active_students_last_7_days: count,
    activity_count: count,
    published_activity_count: count,
    /** Per activity type (homework, exam, online_video, ...), most numerous first. */
    activities_by_type: z.array(z.object({ type: z.string(), count, published_count: count })),
    /**
     * Over the students, the mean share of published activities each has opened or handed in, 0..1; null
     * when the course has no student or no published activity.
     */
    average_completion_rate: z.number().nullable(),
    /** Hand-ins waiting for a mark: latest homework hand-ins without a score, and exam submissions without one. */
    submissions_to_mark: count,
    homework_to_mark: count,
    exams_to_mark: count,
    /** Mean score of submitted, scored exam submissions as a percentage of each exam's total points. */
    average_exam_score: z.number().nullable(),
    exam_submission_count: count,
    /** The course's dates and where today falls in them (days, UTC); null where a date is missing. */
    period: z.object({
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      total_days: count.nullable(),
      elapsed_days: count.nullable(),
      /** Hand-ins (homework, exams, questionnaires) from the start date on, or ever when it is unset. */
      hand_ins: count,
    }),
  })
  .meta({ id: 'CourseOverviewStats' });
export type CourseOverviewStats = z.infer<typeof CourseOverviewStatsSchema>;
