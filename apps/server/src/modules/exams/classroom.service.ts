import type { z } from 'zod';
import type {
  ClassroomAnswer,
  ClassroomState,
  ClassroomSubmitRequestSchema,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { gradeSubject } from '@lectern/contracts/exams/grading';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { examAccess, type LoadedExam } from './exam-access.ts';
import { assertCanMark, assertCanTake, readsAllSubmissions } from './exam-taking.policy.ts';
import { classroomRepository, type ClassroomAnswerRow } from './classroom.repository.ts';
import { toPaperSubject, toSubject } from './subjects.presenter.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type SubmitInput = z.output<typeof ClassroomSubmitRequestSchema>;

/** Questions a student answers on their own in class: no stems (their parts) and no text blocks. */
const RELEASABLE = new Set([
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
  'matching',
]);

function presentAnswer(row: ClassroomAnswerRow, showCorrect: boolean): ClassroomAnswer {
  return {
    subject_id: row.subjectId,
    answer_option_ids: row.answerOptionIds,
    answer: row.answer,
    answers: row.answers,
    submitted_at: row.submittedAt.toISOString(),
    is_correct: showCorrect ? row.isCorrect : null,
  };
}

type GivenAnswer = Pick<SubmitInput, 'answer_option_ids' | 'answer' | 'answers'>;

/**
 * The answer to the path's question from either body form: flat, or the original clients' wrapper
 * {exam_paper_instance_id, subjects: [...]}. Fields the schema does not know are stripped, so a body in
 * neither form would otherwise arrive as an empty answer; it is refused instead.
 */
function readAnswer(subjectId: number, input: SubmitInput): { given: GivenAnswer; at: string } {
  const flat = input.answer_option_ids != null || input.answer != null || input.answers != null;
  let given: GivenAnswer = input;
  // Where the answer's fields are in the body, so an error names the field the caller sent.
  let at = '';
  if (input.subjects !== undefined) {
    if (flat) throw invalid({ subjects: ['exams.classroom.twoForms'] });
    const index = input.subjects.findIndex((s) => s.subject_id === subjectId);
    const entry = input.subjects[index];
    if (!entry) throw invalid({ subjects: ['exams.classroom.subjectNotInBody'] });
    given = entry;
    at = `subjects.${index}.`;
  } else if (input.subject_id !== undefined && input.subject_id !== subjectId) {
    throw invalid({ subject_id: ['exams.classroom.subjectMismatch'] });
  }
  const empty =
    (given.answer_option_ids ?? []).length === 0 &&
    (given.answer ?? '').trim() === '' &&
    (given.answers ?? []).length === 0;
  if (empty) throw invalid({ [`${at}answer_option_ids`]: ['exams.classroom.answerMissing'] });
  return { given, at };
}

/**
 * Told after the change is stored: the routes turn these into push events, so students' phones show a
 * released question at once and open statistics refresh, instead of everyone polling.
 */
export type ClassroomListeners = {
  answered?(answer: { courseId: number; examId: number; subjectId: number }): void;
  releaseChanged?(release: { courseId: number; examId: number; subjectId: number; isOpen: boolean }): void;
};

export function classroomService(ctx: AppContext, listeners: ClassroomListeners = {}) {
  const exams = examAccess(ctx.db);
  const repo = classroomRepository(ctx.db);

  const load = (actor: Actor, id: number) => exams.loadExam(actor, id, { type: 'classroom_exam' });

  /** A top-level question of this classroom exam (its only paper). */
  async function questionOf(exam: LoadedExam, subjectId: number): Promise<SubjectTree> {
    const [tree] = await subjectsRepository.loadByIds([subjectId], ctx.db);
    if (!tree || tree.id !== subjectId || tree.activityId !== exam.activity.id || tree.parentId !== null) {
      throw notFound('exams.marking.subjectNotFound');
    }
    return tree;
  }

  async function state(actor: Actor, exam: LoadedExam): Promise<ClassroomState> {
    const teaching = readsAllSubmissions(exam.access);
    const [releases, studentCount] = await Promise.all([
      repo.releases(exam.activity.id),
      repo.countStudents(exam.activity.courseId),
    ]);
    const latest = releases[0];
    const base = {
      exam_id: exam.activity.id,
      student_count: studentCount,
      releases: teaching
        ? releases.map((r) => ({
            subject_id: r.subjectId,
            released_at: r.releasedAt.toISOString(),
            closed_at: r.closedAt?.toISOString() ?? null,
            answer_count: Number(r.answerCount),
          }))
        : [],
    };
    const tree = latest ? (await subjectsRepository.loadByIds([latest.subjectId], ctx.db))[0] : undefined;
    if (!latest || !tree) {
      return {
        ...base,
        released: null,
        answer_count: 0,
        option_counts: null,
        correct_count: null,
        my_answer: null,
      };
    }
    const closed = latest.closedAt !== null;
    const reveal = teaching || closed;
    const [counts, mine] = await Promise.all([
      repo.counts(exam.activity.id, latest.subjectId),
      teaching ? undefined : repo.findAnswer(latest.subjectId, actor.userId),
    ]);
    return {
      ...base,
      released: {
        subject: toPaperSubject(tree, () => undefined),
        is_open: !closed,
        released_at: latest.releasedAt.toISOString(),
        closed_at: latest.closedAt?.toISOString() ?? null,
        correct_option_ids: reveal ? tree.options.filter((o) => o.isAnswer).map((o) => o.id) : null,
      },
      answer_count: counts.answers,
      option_counts: reveal
        ? tree.options.map((o) => ({ option_id: o.id, count: counts.byOption.get(o.id) ?? 0 }))
        : null,
      correct_count: reveal ? counts.correct : null,
      my_answer: mine ? presentAnswer(mine, closed) : null,
    };
  }

  return {
    /** `GET /api/classroom-exams/{id}/state`: the released question and the answers so far. */
    async state(actor: Actor, examId: number): Promise<ClassroomState> {
      return state(actor, await load(actor, examId));
    },

    /** Opens one question for answers (closing any other open one). */
    async release(actor: Actor, examId: number, subjectId: number): Promise<ClassroomState> {
      const exam = await load(actor, examId);
      assertCanMark(exam.access);
      const tree = await questionOf(exam, subjectId);
      if (!RELEASABLE.has(tree.type)) throw invalid({ subject_id: ['exams.classroom.stemNotReleasable'] });
      await ctx.db.transaction((tx) => repo.release(exam.activity.id, subjectId, tx));
      listeners.releaseChanged?.({
        courseId: exam.activity.courseId,
        examId: exam.activity.id,
        subjectId,
        isOpen: true,
      });
      return state(actor, exam);
    },

    async close(actor: Actor, examId: number, subjectId: number): Promise<ClassroomState> {
      const exam = await load(actor, examId);
      assertCanMark(exam.access);
      await questionOf(exam, subjectId);
      if (!(await repo.close(exam.activity.id, subjectId)))
        throw new AppError('conflict', 'exams.classroom.notReleased');
      listeners.releaseChanged?.({
        courseId: exam.activity.courseId,
        examId: exam.activity.id,
        subjectId,
        isOpen: false,
      });
      return state(actor, exam);
    },

    /**
     * `POST /api/classroom/{id}/submit/{subject_id}`: a student's answer to the released, open question.
     * Answering again replaces the earlier answer.
     */
    async submit(
      actor: Actor,
      examId: number,
      subjectId: number,
      input: SubmitInput,
    ): Promise<ClassroomAnswer> {
      const exam = await load(actor, examId);
      assertCanTake(exam.access);
      const { given, at } = readAnswer(subjectId, input);
      const release = await repo.find(exam.activity.id, subjectId);
      if (!release || release.closedAt !== null)
        throw new AppError('conflict', 'exams.classroom.notReleased');
      const tree = await questionOf(exam, subjectId);
      const optionIds = [...new Set(given.answer_option_ids ?? [])];
      const known = new Set(tree.options.map((o) => o.id));
      if (optionIds.some((id) => !known.has(id))) {
        throw invalid({ [`${at}answer_option_ids`]: ['exams.taking.optionInvalid'] });
      }
      const text = given.answer ?? null;
      const answer = {
        subject_id: subjectId,
        answer_option_ids: optionIds,
        answer: text ? sanitizeUserHtml(text) : text,
        answers: (given.answers ?? []).map((a) => ({ sort: a.sort, content: a.content })),
      };
      const [graded] = gradeSubject(toSubject(tree), [answer]);
      const row = await repo.upsertAnswer({
        activityId: exam.activity.id,
        subjectId,
        userId: actor.userId,
        answerOptionIds: answer.answer_option_ids,
        answer: answer.answer,
        answers: answer.answers,
        isCorrect: graded?.correct ?? null,
        score: graded?.score ?? null,
      });
      listeners.answered?.({ courseId: exam.activity.courseId, examId: exam.activity.id, subjectId });
      return presentAnswer(row, false);
    },
  };
}
