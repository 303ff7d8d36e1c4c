import { sql, type SQL } from 'drizzle-orm';
import type { ExamAnswer } from '@lectern/contracts/exams/exam-taking.schemas';
import type { SubjectScore } from '@lectern/contracts/exams/grading';
import type { Executor } from '../../platform/database.ts';
import { examineeRoleFilter } from './exam-taking.repository.ts';

/** One examinee of a question with their answer to it (a page row of the statistics). */
export type StudentAnswerRow = {
  userId: number;
  userNo: string;
  name: string;
  klass: string | null;
  submitted: boolean;
  answerOptionIds: number[];
  answer: string | null;
  answers: { sort: number; content: string }[];
  /** Fully right (null: nothing submitted); see `rightness` below. */
  right: boolean | null;
};

/** Which students a statistics page lists, and which page. */
export type StatisticsFilter = {
  unsubmitted: boolean;
  optionId: number | null;
  /** Lower-cased part of a student's number or name; null: no keyword. */
  keyword: string | null;
  limit: number;
  offset: number;
};

/** The whole class's counts, how many chose each option, and the asked page of matching students. */
export type QuestionStatisticsRows = {
  studentsCount: number;
  submitterCount: number;
  correctCount: number;
  /** Students who chose each option id (each student once per option). */
  chosen: Map<number, number>;
  /** Students matching the filter, over all pages. */
  total: number;
  items: StudentAnswerRow[];
};

/** A final submission's answers and scores (item analysis, typical mistakes). */
export type FinalSubmissionRow = {
  examId: number;
  examineeId: number;
  submissionData: ExamAnswer[];
  scoreData: SubjectScore[];
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type RawStatistics = {
  students_count: number | string;
  submitter_count: number | string;
  correct_count: number | string;
  chosen: [string, number | string][] | string;
  total: number | string;
  items:
    | {
        user_id: number;
        user_no: string;
        name: string;
        klass: string | null;
        submitted: boolean;
        option_ids: number[];
        answer: string | null;
        answers: { sort: number; content: string }[];
        is_right: boolean | null;
      }[]
    | string;
};

/** Drivers hand json columns over parsed (node-postgres) or as text, depending on the type they see. */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Which examinees sit which paper: with make-up users, the make-up paper is theirs alone. */
export type PaperSitters = { hasMakeupUsers: boolean; isMakeup: boolean };

function sitterFilter(examId: number, sitters: PaperSitters): SQL {
  if (!sitters.hasMakeupUsers) return sql`true`;
  const inMakeup = sql`exists (select 1 from exam_makeup_users m where m.activity_id = ${examId} and m.user_id = u.id)`;
  return sitters.isMakeup ? inMakeup : sql`not ${inMakeup}`;
}

/** A json value when it is an array, else an empty one (a missing field or a json null). */
const arrayOr = (value: SQL) =>
  sql`(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/**
 * Right means fully right: the grading's verdict, or for a marked subjective answer the full points. An
 * answer still awaiting marking is not right yet; nothing submitted is neither (null).
 */
function rightness(correct: SQL, score: SQL, point: number): SQL {
  return sql`(case when not submitted then null
    when ${correct} is not null then ${correct}
    else coalesce(${score} >= ${point}::float8 and ${point}::float8 > 0, false) end)`;
}

/**
 * The statistics of one question in one statement: `examinees` yields every examinee of the question
 * (user_id, user_no, name, department_id, submitted, option_ids, answer, answers, correct, score); the
 * class's counts, the option counts, the filtered total and the page are computed by the database, so
 * only the page's rows leave it, whatever the class size (bench/statistics-bench.ts: 5,000 answers).
 */
async function questionStatistics(
  examinees: SQL,
  point: number,
  filter: StatisticsFilter,
  tx: Executor,
): Promise<QuestionStatisticsRows> {
  const conditions: SQL[] = [sql`true`];
  if (filter.unsubmitted) conditions.push(sql`not e.submitted`);
  if (filter.optionId !== null)
    conditions.push(sql`e.option_ids @> jsonb_build_array(${filter.optionId}::int)`);
  // strpos, not like: a keyword's % and _ are plain characters.
  if (filter.keyword !== null) {
    conditions.push(
      sql`(strpos(lower(e.user_no), ${filter.keyword}) > 0 or strpos(lower(e.name), ${filter.keyword}) > 0)`,
    );
  }
  // Students by number, then id, in code-point order (collate "C"): student numbers are plain, and a
  // collated sort of 5,000 names was a fifth of the query's time.
  const result = await tx.execute(sql`
    with source as materialized (${examinees}),
    e as materialized (
      select s.*, ${rightness(sql`s.correct`, sql`s.score`, point)} as is_right from source s
    ),
    filtered as materialized (select * from e where ${sql.join(conditions, sql` and `)})
    select
      (select count(*) from e) as students_count,
      (select count(*) from e where e.submitted) as submitter_count,
      (select count(*) from e where e.is_right) as correct_count,
      (select coalesce(json_agg(json_build_array(c.option_id, c.n)), '[]') from (
         select o.option_id, count(distinct e.user_id) as n
         from e cross join lateral jsonb_array_elements_text(e.option_ids) as o(option_id)
         where e.submitted group by o.option_id) c) as chosen,
      (select count(*) from filtered) as total,
      (select coalesce(json_agg(p), '[]') from (
         select f.user_id, f.user_no, f.name, d.name as klass, f.submitted, f.option_ids, f.answer,
                f.answers, f.is_right
         from filtered f left join departments d on d.id = f.department_id
         order by f.user_no collate "C", f.user_id
         limit ${filter.limit} offset ${filter.offset}) p) as items`);
  const [row] = rowsOf<RawStatistics>(result);
  if (!row) throw new Error('statistics returned no row');
  return {
    studentsCount: Number(row.students_count),
    submitterCount: Number(row.submitter_count),
    correctCount: Number(row.correct_count),
    chosen: new Map(parsed(row.chosen).map(([id, n]) => [Number(id), Number(n)])),
    total: Number(row.total),
    items: parsed(row.items).map((r) => ({
      userId: Number(r.user_id),
      userNo: r.user_no,
      name: r.name,
      klass: r.klass,
      submitted: r.submitted,
      answerOptionIds: r.option_ids,
      answer: r.answer,
      answers: r.answers,
      right: r.is_right,
    })),
  };
}

/**
 * Statistics reads every examinee of a course with one answer each: single queries whose cost grows with
 * the class, never one round trip per student (the bench holds it under 50 ms for 5,000 answers).
 */
export const examStatisticsRepository = {
  /**
   * One exam question over every examinee of its paper, each with their latest final submission's answer:
   * one row each from `exam_final_answers` (kept by a trigger on the submissions; migration 0023), so no
   * submission's json is read here.
   */
  async examQuestion(
    input: { courseId: number; examId: number; subjectId: number; point: number; sitters: PaperSitters },
    filter: StatisticsFilter,
    tx: Executor,
  ): Promise<QuestionStatisticsRows> {
    const { courseId, examId, subjectId, sitters } = input;
    const examinees = sql`
      select u.id as user_id, u.user_no, u.name, u.department_id, (fa.examinee_id is not null) as submitted,
             coalesce(fa.option_ids, '[]'::jsonb) as option_ids, fa.answer,
             coalesce(fa.answers, '[]'::jsonb) as answers, fa.correct, fa.score
      from course_members
      join users u on u.id = course_members.user_id
      left join exam_final_answers fa on fa.activity_id = ${examId} and fa.subject_id = ${subjectId}
        and fa.is_makeup = ${sitters.isMakeup} and fa.examinee_id = u.id
      where course_members.course_id = ${courseId} and ${examineeRoleFilter} and ${sitterFilter(examId, sitters)}`;
    return questionStatistics(examinees, input.point, filter, tx);
  },

  /** One classroom question over every examinee of the course, with their answer given in class. */
  async classroomQuestion(
    input: { courseId: number; subjectId: number; point: number },
    filter: StatisticsFilter,
    tx: Executor,
  ): Promise<QuestionStatisticsRows> {
    const examinees = sql`
      select u.id as user_id, u.user_no, u.name, u.department_id, (ca.id is not null) as submitted,
             case when ca.id is not null then ${arrayOr(sql`ca.answer_option_ids`)} else '[]'::jsonb end as option_ids,
             ca.answer,
             case when ca.id is not null then ${arrayOr(sql`ca.answers`)} else '[]'::jsonb end as answers,
             ca.is_correct as correct, ca.score::float8 as score
      from course_members
      join users u on u.id = course_members.user_id
      left join classroom_answers ca on ca.subject_id = ${input.subjectId} and ca.user_id = u.id
      where course_members.course_id = ${input.courseId} and ${examineeRoleFilter}`;
    return questionStatistics(examinees, input.point, filter, tx);
  },

  /** The latest final submission of each examinee, for each of these exams (one paper: main or make-up). */
  async finalSubmissions(
    examIds: readonly number[],
    isMakeup: boolean | null,
    tx: Executor,
  ): Promise<FinalSubmissionRow[]> {
    if (examIds.length === 0) return [];
    const paper = isMakeup === null ? sql`true` : sql`es.is_makeup = ${isMakeup}`;
    const result = await tx.execute(sql`
      select distinct on (es.activity_id, es.examinee_id, es.is_makeup)
             es.activity_id as exam_id, es.examinee_id, es.submission_data, es.score_data
      from exam_submissions es
      where es.activity_id in ${examIds} and es.status = 'submitted' and ${paper}
      order by es.activity_id, es.examinee_id, es.is_makeup, es.submitted_at desc nulls last, es.id desc`);
    return rowsOf<{
      exam_id: number;
      examinee_id: number;
      submission_data: ExamAnswer[] | null;
      score_data: SubjectScore[] | null;
    }>(result).map((r) => ({
      examId: Number(r.exam_id),
      examineeId: Number(r.examinee_id),
      submissionData: r.submission_data ?? [],
      scoreData: r.score_data ?? [],
    }));
  },

  /** Graded classroom answers of these classroom exams. */
  async gradedClassroomAnswers(examIds: readonly number[], tx: Executor) {
    if (examIds.length === 0) return [];
    const result = await tx.execute(sql`
      select activity_id as exam_id, subject_id, answer_option_ids, answer, answers, is_correct
      from classroom_answers
      where activity_id in ${examIds} and is_correct is not null`);
    return rowsOf<{
      exam_id: number;
      subject_id: number;
      answer_option_ids: number[];
      answer: string | null;
      answers: { sort: number; content: string }[];
      is_correct: boolean;
    }>(result).map((r) => ({
      examId: Number(r.exam_id),
      subjectId: Number(r.subject_id),
      answerOptionIds: r.answer_option_ids,
      answer: r.answer,
      answers: r.answers,
      correct: r.is_correct,
    }));
  },

  /** The course's exams and classroom exams not in a recycle bin. */
  /** The course's exams and classroom exams; `closedOnly`: published ones whose end time has passed. */
  async courseExams(courseId: number, tx: Executor, closedOnly = false) {
    const result = await tx.execute(sql`
      select id, type, title from activities
      where course_id = ${courseId} and type in ('exam', 'classroom_exam') and recycle_bin_item_id is null
        and (not ${closedOnly} or (published and end_time is not null and end_time < now()))
      order by id`);
    return rowsOf<{ id: number; type: 'exam' | 'classroom_exam'; title: string }>(result).map((r) => ({
      ...r,
      id: Number(r.id),
    }));
  },
};
