import type { StudentStatType } from '@lectern/contracts/course-services/student-stats.schemas';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database.ts';

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type StudentStatsWindow = {
  courseIds: readonly number[];
  /** Inclusive local dates, `YYYY-MM-DD`, read in `timezone`. */
  startDate: string;
  endDate: string;
  timezone: string;
  statType: StudentStatType;
};

/**
 * A course's students: a student role and no teaching role, the rule the knowledge statistics use too. A
 * combined course (type 10) also has the students of its sub-courses not in the recycle bin, unless they
 * hold a row of their own in it, which then decides (the access statement's rule, course-access.ts): they
 * are its members, read its activities and hand in there.
 */
export function students(ids: SQL): SQL {
  return sql`(
    select cm.course_id, cm.user_id
      from course_members cm
     where cm.course_id = any(${ids})
       and cm.roles && array['student','student_assistant']::text[]
       and not (cm.roles && array['instructor','instructor_assistant']::text[])
    union
    select s.parent_course_id, m.user_id
      from course_sub_courses s
      join courses pc on pc.id = s.parent_course_id and pc.course_type = ${COMBINED_COURSE_TYPE}
      join courses sc on sc.id = s.sub_course_id and sc.recycle_bin_item_id is null
      join course_members m on m.course_id = s.sub_course_id
     where s.parent_course_id = any(${ids})
       and 'student' = any(m.roles)
       and not exists (select 1 from course_members d
                        where d.course_id = s.parent_course_id and d.user_id = m.user_id))`;
}

/**
 * What students did in the window, one row per event: visits to an activity (`read`: its first opening and
 * each return after 30 minutes without a read, `activity_read_visits`) and
 * hand-ins (`submission`: final homework versions, submitted exams, questionnaire answers). Events of
 * deleted activities are left out, as those activities are out of every other figure.
 */
export function events(ids: SQL, from: SQL, to: SQL): SQL {
  const inWindow = (column: SQL) => sql`${column} >= ${from} and ${column} < ${to}`;
  return sql`(
    select a.course_id, v.user_id, v.read_at as at, 'read' as kind
      from activity_read_visits v join activities a on a.id = v.activity_id
     where a.course_id = any(${ids}) and a.recycle_bin_item_id is null and ${inWindow(sql`v.read_at`)}
    union all
    select a.course_id, coalesce(h.user_id, h.submitted_by), h.submitted_at, 'submission'
      from homework_submissions h join activities a on a.id = h.activity_id
     where a.course_id = any(${ids}) and a.recycle_bin_item_id is null and not h.is_draft
       and h.submitted_at is not null and ${inWindow(sql`h.submitted_at`)}
    union all
    select a.course_id, e.examinee_id, e.submitted_at, 'submission'
      from exam_submissions e join activities a on a.id = e.activity_id
     where a.course_id = any(${ids}) and a.recycle_bin_item_id is null and e.status = 'submitted'
       and e.submitted_at is not null and ${inWindow(sql`e.submitted_at`)}
    union all
    select a.course_id, q.user_id, q.submitted_at, 'submission'
      from questionnaire_submissions q join activities a on a.id = q.activity_id
     where a.course_id = any(${ids}) and a.recycle_bin_item_id is null and ${inWindow(sql`q.submitted_at`)})`;
}

export function studentStatsRepository(db: Database) {
  return {
    async courseNames(courseIds: readonly number[], tx: Executor = db): Promise<Map<number, string>> {
      const result = await tx.execute(sql`
        select id, name from courses where id = any(${`{${courseIds.join(',')}}`}::int[])`);
      return new Map(rowsOf<{ id: number; name: string }>(result).map((r) => [Number(r.id), r.name]));
    },

    /** Students per course, and distinct students over all of them (under course id 0). */
    async studentCounts(courseIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      const ids = sql`${`{${courseIds.join(',')}}`}::int[]`;
      const result = await tx.execute(sql`
        select s.course_id, count(*)::int as n from ${students(ids)} s group by s.course_id
        union all
        select 0, count(distinct s.user_id)::int from ${students(ids)} s`);
      return new Map(
        rowsOf<{ course_id: number; n: number }>(result).map((r) => [Number(r.course_id), Number(r.n)]),
      );
    },

    /**
     * The statistic per local day, per course and over everything. Students only: events of the teaching
     * team, and of people no longer students of the course, do not count.
     */
    async figures(window: StudentStatsWindow, tx: Executor = db) {
      const ids = sql`${`{${window.courseIds.join(',')}}`}::int[]`;
      const tz = window.timezone;
      const from = sql`(${window.startDate}::date)::timestamp at time zone ${tz}`;
      const to = sql`(${window.endDate}::date + 1)::timestamp at time zone ${tz}`;
      const kind =
        window.statType === 'reads'
          ? sql`e.kind = 'read'`
          : window.statType === 'submissions'
            ? sql`e.kind = 'submission'`
            : sql`true`;
      const figure = window.statType === 'active_students' ? sql`count(distinct e.user_id)` : sql`count(*)`;
      const result = await tx.execute(sql`
        with e as (
          select e.course_id, e.user_id, (e.at at time zone ${tz})::date as day
            from ${events(ids, from, to)} e
            join ${students(ids)} s on s.course_id = e.course_id and s.user_id = e.user_id
           where ${kind})
        select 'day' as scope, to_char(e.day, 'YYYY-MM-DD') as key, ${figure}::int as n from e group by e.day
        union all
        select 'course', e.course_id::text, ${figure}::int from e group by e.course_id
        union all
        select 'total', '', ${figure}::int from e`);
      const rows = rowsOf<{ scope: string; key: string; n: number }>(result);
      return {
        days: new Map(rows.filter((r) => r.scope === 'day').map((r) => [r.key, Number(r.n)])),
        courses: new Map(rows.filter((r) => r.scope === 'course').map((r) => [Number(r.key), Number(r.n)])),
        total: Number(rows.find((r) => r.scope === 'total')?.n ?? 0),
      };
    },
  };
}
