import type { z } from 'zod';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type {
  StatisticsRow,
  SubjectStatistics,
  SubjectStatisticsQuerySchema,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { examAccess, type LoadedExam } from './exam-access.ts';
import { examStatisticsRepository, type StudentAnswerRow } from './exam-statistics.repository.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type StatisticsQuery = z.output<typeof SubjectStatisticsQuerySchema>;

/**
 * Right means fully right: the grading's verdict, or for a marked subjective answer the full points. An
 * answer still awaiting marking is not right yet.
 */
export function isRight(row: Pick<StudentAnswerRow, 'correct' | 'score'>, point: number): boolean {
  if (row.correct !== null) return row.correct;
  return row.score !== null && point > 0 && row.score >= point;
}

function toRow(row: StudentAnswerRow, point: number): StatisticsRow {
  return {
    userId: row.userId,
    userNo: row.userNo,
    name: row.name,
    klass: row.klass,
    answerOptionIds: row.submitted ? row.answerOptionIds : [],
    isAnswerRight: row.submitted ? isRight(row, point) : null,
    unsubmitted: !row.submitted,
    answers: row.submitted ? row.answers : [],
    answer: row.submitted ? row.answer : null,
  };
}

/** Summary, option counts and the asked page of one question's answers, from every examinee's row. */
export function summariseAnswers(
  tree: Pick<SubjectTree, 'id' | 'type' | 'description' | 'point' | 'options'>,
  students: readonly StudentAnswerRow[],
  query: StatisticsQuery,
): SubjectStatistics {
  const rows = students.map((s) => toRow(s, tree.point));
  const chosen = new Map<number, number>();
  let submitterCount = 0;
  let correctCount = 0;
  for (const row of rows) {
    if (row.unsubmitted) continue;
    submitterCount += 1;
    if (row.isAnswerRight) correctCount += 1;
    for (const id of new Set(row.answerOptionIds)) chosen.set(id, (chosen.get(id) ?? 0) + 1);
  }
  const keyword = query.keyword?.toLowerCase();
  const matching = rows.filter((row) => {
    if (query.unsubmitted === true && !row.unsubmitted) return false;
    if (query.option_id !== undefined && !row.answerOptionIds.includes(query.option_id)) return false;
    if (keyword && !row.userNo.toLowerCase().includes(keyword) && !row.name.toLowerCase().includes(keyword))
      return false;
    return true;
  });
  const start = (query.page - 1) * query.page_size;
  return {
    subject: { id: tree.id, type: tree.type, description: tree.description, point: tree.point },
    summary: {
      studentsCount: rows.length,
      submitterCount,
      correctCount,
      wrongCount: submitterCount - correctCount,
      correctRate: submitterCount === 0 ? 0 : Math.round((correctCount / submitterCount) * 10000) / 10000,
    },
    options: [...tree.options]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((o) => ({
        id: o.id,
        sort: o.sort,
        content: o.content,
        isAnswer: o.isAnswer,
        chosenCount: chosen.get(o.id) ?? 0,
      })),
    items: matching.slice(start, start + query.page_size),
    ...pageMeta(query, matching.length),
  };
}

export function examStatisticsService(ctx: AppContext) {
  const exams = examAccess(ctx.db);

  /** The teaching team of the exam's course (not while viewing it as a student). */
  async function forReading(actor: Actor, examId: number): Promise<LoadedExam> {
    const exam = await exams.loadExam(actor, examId, { type: 'any' });
    assertCan(exam.access, 'activity.read_unpublished');
    return exam;
  }

  /** A question (or sub-question) of this exam's papers, with its options. */
  async function questionOf(exam: LoadedExam, subjectId: number): Promise<SubjectTree> {
    const trees = await subjectsRepository.loadByIds([subjectId], ctx.db);
    const find = (list: readonly SubjectTree[]): SubjectTree | undefined => {
      for (const tree of list) {
        if (tree.id === subjectId) return tree;
        const found = find(tree.subSubjects);
        if (found) return found;
      }
      return undefined;
    };
    const tree = find(trees);
    if (!tree || tree.activityId !== exam.activity.id) throw notFound('exams.subjectNotFound');
    return tree;
  }

  return {
    /** `GET /api/exams/{id}/subjects/{subject_id}/statistics`: spec 000 screen 2, for either kind of exam. */
    async subjectStatistics(
      actor: Actor,
      examId: number,
      subjectId: number,
      query: StatisticsQuery,
    ): Promise<SubjectStatistics> {
      const exam = await forReading(actor, examId);
      const tree = await questionOf(exam, subjectId);
      if (query.option_id !== undefined && !tree.options.some((o) => o.id === query.option_id)) {
        throw invalid({ option_id: ['exams.statistics.optionNotFound'] });
      }
      const students =
        exam.activity.type === 'classroom_exam'
          ? await examStatisticsRepository.classroomAnswers(
              { courseId: exam.activity.courseId, subjectId },
              ctx.db,
            )
          : await examStatisticsRepository.examAnswers(
              {
                courseId: exam.activity.courseId,
                examId: exam.activity.id,
                subjectId,
                sitters: { hasMakeupUsers: exam.settings.has_make_up_user, isMakeup: tree.isMakeup },
              },
              ctx.db,
            );
      return summariseAnswers(tree, students, query);
    },
  };
}
