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
import {
  examStatisticsRepository,
  type QuestionStatisticsRows,
  type StatisticsFilter,
  type StudentAnswerRow,
} from './exam-statistics.repository.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type StatisticsQuery = z.output<typeof SubjectStatisticsQuerySchema>;

function toRow(row: StudentAnswerRow): StatisticsRow {
  return {
    userId: row.userId,
    userNo: row.userNo,
    name: row.name,
    klass: row.klass,
    answerOptionIds: row.submitted ? row.answerOptionIds : [],
    isAnswerRight: row.submitted ? row.right === true : null,
    unsubmitted: !row.submitted,
    answers: row.submitted ? row.answers : [],
    answer: row.submitted ? row.answer : null,
  };
}

/** The filter and page the query asks for, as the repository takes them. */
export function statisticsFilter(query: StatisticsQuery): StatisticsFilter {
  const keyword = query.keyword?.toLowerCase();
  return {
    unsubmitted: query.unsubmitted === true,
    optionId: query.option_id ?? null,
    keyword: keyword ? keyword : null,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  };
}

/** Summary, option counts and the asked page of one question's answers. */
export function presentStatistics(
  tree: Pick<SubjectTree, 'id' | 'type' | 'description' | 'point' | 'options'>,
  rows: QuestionStatisticsRows,
  query: StatisticsQuery,
): SubjectStatistics {
  const { submitterCount, correctCount } = rows;
  return {
    subject: { id: tree.id, type: tree.type, description: tree.description, point: tree.point },
    summary: {
      studentsCount: rows.studentsCount,
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
        chosenCount: rows.chosen.get(o.id) ?? 0,
      })),
    items: rows.items.map(toRow),
    ...pageMeta(query, rows.total),
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
  function questionOf(exam: LoadedExam, subjectId: number, trees: readonly SubjectTree[]): SubjectTree {
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
      // The question is read beside the permission check rather than after it (one round trip less); it
      // is only looked at once the check has passed.
      const [exam, trees] = await Promise.all([
        forReading(actor, examId),
        subjectsRepository.loadByIds([subjectId], ctx.db),
      ]);
      const tree = questionOf(exam, subjectId, trees);
      if (query.option_id !== undefined && !tree.options.some((o) => o.id === query.option_id)) {
        throw invalid({ option_id: ['exams.statistics.optionNotFound'] });
      }
      const filter = statisticsFilter(query);
      const rows =
        exam.activity.type === 'classroom_exam'
          ? await examStatisticsRepository.classroomQuestion(
              { courseId: exam.activity.courseId, subjectId, point: tree.point },
              filter,
              ctx.db,
            )
          : await examStatisticsRepository.examQuestion(
              {
                courseId: exam.activity.courseId,
                examId: exam.activity.id,
                subjectId,
                point: tree.point,
                sitters: { hasMakeupUsers: exam.settings.has_make_up_user, isMakeup: tree.isMakeup },
              },
              filter,
              ctx.db,
            );
      return presentStatistics(tree, rows, query);
    },
  };
}
