import { sql, type SQL } from 'drizzle-orm';
import type { ExamAnswer } from '@lectern/contracts/exams/exam-taking.schemas';
import type { SubjectScore } from '@lectern/contracts/exams/grading';
import type { Executor } from '../../platform/database.ts';
import { examineeRoleFilter } from './exam-taking.repository.ts';

/** One examinee of a question with their answer to it (null fields: nothing submitted). */
export type StudentAnswerRow = {
  userId: number;
  userNo: string;
  name: string;
  klass: string | null;
  submitted: boolean;
  answerOptionIds: number[];
  answer: string | null;
  answers: { sort: number; content: string }[];
  /** Exams: the question's entry in the score data; classroom exams: the stored grading. */
  correct: boolean | null;
  score: number | null;
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

/**
 * Students by number, then id, in code-point order. Sorted here rather than by the database's collation:
 * a collated sort of 5,000 names was a fifth of the statistics query's time, and student numbers are plain.
 */
function byUserNo(a: StudentAnswerRow, b: StudentAnswerRow): number {
  if (a.userNo !== b.userNo) return a.userNo < b.userNo ? -1 : 1;
  return a.userId - b.userId;
}

type RawAnswerRow = {
  user_id: number;
  user_no: string;
  name: string;
  klass: string | null;
  submitted: boolean;
  answer: Partial<ExamAnswer> | null;
  score: Partial<SubjectScore> | null;
};

type RawClassroomRow = {
  user_id: number;
  user_no: string;
  name: string;
  klass: string | null;
  submitted: boolean;
  answer_option_ids: number[] | null;
  answer: string | null;
  answers: { sort: number; content: string }[] | null;
  is_correct: boolean | null;
  score: number | null;
};

/** Which examinees sit which paper: with make-up users, the make-up paper is theirs alone. */
export type PaperSitters = { hasMakeupUsers: boolean; isMakeup: boolean };

function sitterFilter(examId: number, sitters: PaperSitters): SQL {
  if (!sitters.hasMakeupUsers) return sql`true`;
  const inMakeup = sql`exists (select 1 from exam_makeup_users m where m.activity_id = ${examId} and m.user_id = u.id)`;
  return sitters.isMakeup ? inMakeup : sql`not ${inMakeup}`;
}

/**
 * Statistics reads every examinee of a course with one answer each: single queries whose cost grows with
 * the class, never one round trip per student (the bench holds it under 50 ms for 5,000 answers).
 */
export const examStatisticsRepository = {
  /** Every examinee of the paper with their latest final submission's answer to one question. */
  async examAnswers(
    input: { courseId: number; examId: number; subjectId: number; sitters: PaperSitters },
    tx: Executor,
  ): Promise<StudentAnswerRow[]> {
    const { courseId, examId, subjectId, sitters } = input;
    // The id is written into the path rather than passed as a jsonpath variable: a variables object would be
    // built again for every row, which doubled the query's time with 5,000 answers (bench/statistics-bench.ts).
    const path = sql`${`$[*] ? (@.subject_id == ${Math.trunc(subjectId)})`}::jsonpath`;
    const result = await tx.execute(sql`
      with latest as (
        select distinct on (es.examinee_id) es.examinee_id, es.submission_data, es.score_data
        from exam_submissions es
        where es.activity_id = ${examId} and es.status = 'submitted' and es.is_makeup = ${sitters.isMakeup}
        order by es.examinee_id, es.submitted_at desc nulls last, es.id desc
      )
      select u.id as user_id, u.user_no, u.name, d.name as klass,
             (l.examinee_id is not null) as submitted,
             jsonb_path_query_first(coalesce(l.submission_data, '[]'::jsonb), ${path}) as answer,
             jsonb_path_query_first(coalesce(l.score_data, '[]'::jsonb), ${path}) as score
      from course_members
      join users u on u.id = course_members.user_id
      left join departments d on d.id = u.department_id
      left join latest l on l.examinee_id = u.id
      where course_members.course_id = ${courseId} and ${examineeRoleFilter} and ${sitterFilter(examId, sitters)}
`);
    return rowsOf<RawAnswerRow>(result)
      .map((r) => ({
        userId: Number(r.user_id),
        userNo: r.user_no,
        name: r.name,
        klass: r.klass,
        submitted: r.submitted,
        answerOptionIds: r.answer?.answer_option_ids ?? [],
        answer: r.answer?.answer ?? null,
        answers: r.answer?.answers ?? [],
        correct: r.score?.correct ?? null,
        score: r.score?.score ?? null,
      }))
      .sort(byUserNo);
  },

  /** Every examinee of the course with their answer to one classroom question. */
  async classroomAnswers(
    input: { courseId: number; subjectId: number },
    tx: Executor,
  ): Promise<StudentAnswerRow[]> {
    const result = await tx.execute(sql`
      select u.id as user_id, u.user_no, u.name, d.name as klass,
             (ca.id is not null) as submitted, ca.answer_option_ids, ca.answer, ca.answers, ca.is_correct, ca.score
      from course_members
      join users u on u.id = course_members.user_id
      left join departments d on d.id = u.department_id
      left join classroom_answers ca on ca.subject_id = ${input.subjectId} and ca.user_id = u.id
      where course_members.course_id = ${input.courseId} and ${examineeRoleFilter}
`);
    return rowsOf<RawClassroomRow>(result)
      .map((r) => ({
        userId: Number(r.user_id),
        userNo: r.user_no,
        name: r.name,
        klass: r.klass,
        submitted: r.submitted,
        answerOptionIds: r.answer_option_ids ?? [],
        answer: r.answer,
        answers: r.answers ?? [],
        correct: r.is_correct,
        score: r.score === null ? null : Number(r.score),
      }))
      .sort(byUserNo);
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
  async courseExams(courseId: number, tx: Executor) {
    const result = await tx.execute(sql`
      select id, type, title from activities
      where course_id = ${courseId} and type in ('exam', 'classroom_exam') and recycle_bin_item_id is null
      order by id`);
    return rowsOf<{ id: number; type: 'exam' | 'classroom_exam'; title: string }>(result).map((r) => ({
      ...r,
      id: Number(r.id),
    }));
  },
};
