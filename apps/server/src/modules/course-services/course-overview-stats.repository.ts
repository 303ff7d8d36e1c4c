import { SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database.ts';
import { events, students } from './student-stats.repository.ts';

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type CourseOverviewRow = {
  start_date: string | null;
  end_date: string | null;
  total_days: number | null;
  elapsed_days: number | null;
  student_count: number;
  published_count: number;
  average_completion_rate: number | null;
  active_students: number;
  homework_to_mark: number;
  exams_to_mark: number;
  average_exam_score: number | null;
  exam_submission_count: number;
  hand_ins: number;
};

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * A course's overview in two set-based statements, whatever its size: one for the activities by type, one
 * for everything measured over its students and hand-ins.
 */
export function courseOverviewStatsRepository(db: Database) {
  return {
    async activitiesByType(courseId: number, tx: Executor = db) {
      const result = await tx.execute(sql`
        select type, count(*)::int as count, (count(*) filter (where published))::int as published_count
          from activities
         where course_id = ${courseId} and recycle_bin_item_id is null
         group by type
         order by count(*) desc, type`);
      return rowsOf<{ type: string; count: number; published_count: number }>(result).map((r) => ({
        type: r.type,
        count: Number(r.count),
        published_count: Number(r.published_count),
      }));
    },

    async figures(courseId: number, tx: Executor = db): Promise<CourseOverviewRow | undefined> {
      const ids = sql`${`{${courseId}}`}::int[]`;
      const start = sql`coalesce((select start_date from courses where id = ${courseId})::timestamptz, '-infinity')`;
      const result = await tx.execute(sql`
        with st as (select distinct s.user_id from ${students(ids)} s),
        act as (
          select id, type, published, data from activities
           where course_id = ${courseId} and recycle_bin_item_id is null),
        pub as (select id from act where published),
        -- A student's published activities opened or handed in: what "done" means here.
        done as (
          select r.user_id, r.activity_id
            from activity_reads r join pub on pub.id = r.activity_id join st on st.user_id = r.user_id
          union
          select e.examinee_id, e.activity_id
            from exam_submissions e join pub on pub.id = e.activity_id join st on st.user_id = e.examinee_id
           where e.status = 'submitted'
          union
          select h.user_id, h.activity_id
            from homework_submissions h join pub on pub.id = h.activity_id join st on st.user_id = h.user_id
           where not h.is_draft and h.submitted_at is not null),
        per_student as (
          select st.user_id, count(done.activity_id) as n
            from st left join done on done.user_id = st.user_id group by st.user_id),
        recent as (
          select r.user_id from activity_reads r join act on act.id = r.activity_id
           where r.last_read_at >= now() - interval '7 days'
          union
          select e.user_id from ${events(ids, sql`now() - interval '7 days'`, sql`'infinity'::timestamptz`)} e),
        latest_homework as (
          select distinct on (h.activity_id, h.user_id, h.group_id) h.score, h.final_score
            from homework_submissions h join act on act.id = h.activity_id
           where not h.is_draft and h.submitted_at is not null
           order by h.activity_id, h.user_id, h.group_id, h.version desc),
        exam_subs as (
          select e.score, coalesce((act.data->>'total_points')::float8, ${SUBJECT_LIMITS.examTotalPoints}) as total
            from exam_submissions e join act on act.id = e.activity_id
           where e.status = 'submitted' and act.type = 'exam')
        select
          to_char(c.start_date, 'YYYY-MM-DD') as start_date,
          to_char(c.end_date, 'YYYY-MM-DD') as end_date,
          -- greatest() skips nulls: a missing date must stay unknown, not become 0.
          case when c.start_date is null or c.end_date is null then null
               else greatest(0, c.end_date - c.start_date + 1) end as total_days,
          case when c.start_date is null then null
               else greatest(0, least(current_date, coalesce(c.end_date, current_date)) - c.start_date + 1) end
            as elapsed_days,
          (select count(*) from st)::int as student_count,
          (select count(*) from pub)::int as published_count,
          (select avg(n::float8 / nullif((select count(*) from pub), 0)) from per_student)
            as average_completion_rate,
          (select count(*) from recent join st on st.user_id = recent.user_id)::int as active_students,
          (select count(*) from latest_homework where score is null and final_score is null)::int
            as homework_to_mark,
          (select count(*) from exam_subs where score is null)::int as exams_to_mark,
          (select avg(100 * score / nullif(total, 0)) from exam_subs where score is not null)
            as average_exam_score,
          (select count(*) from exam_subs)::int as exam_submission_count,
          (select count(*) from ${events(ids, start, sql`'infinity'::timestamptz`)} e
             where e.kind = 'submission')::int as hand_ins
        from courses c
        where c.id = ${courseId}`);
      const [row] = rowsOf<Record<string, unknown>>(result);
      if (!row) return undefined;
      return {
        start_date: (row.start_date as string | null) ?? null,
        end_date: (row.end_date as string | null) ?? null,
        total_days: num(row.total_days),
        elapsed_days: num(row.elapsed_days),
        student_count: Number(row.student_count),
        published_count: Number(row.published_count),
        average_completion_rate: num(row.average_completion_rate),
        active_students: Number(row.active_students),
        homework_to_mark: Number(row.homework_to_mark),
        exams_to_mark: Number(row.exams_to_mark),
        average_exam_score: num(row.average_exam_score),
        exam_submission_count: Number(row.exam_submission_count),
        hand_ins: Number(row.hand_ins),
      };
    },
  };
}
