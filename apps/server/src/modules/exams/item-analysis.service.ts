import type { z } from 'zod';
import type {
  ItemAnalysis,
  ItemAnalysisQuerySchema,
  ItemStatistics,
  TypicalMistake,
  TypicalMistakes,
  TypicalMistakesQuerySchema,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import {
  cronbachAlpha,
  discriminationIndex,
  extremeGroups,
  facilityIndex,
  pointBiserial,
  roundStatistic,
} from '@lectern/contracts/exams/item-analysis';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { examAccess } from './exam-access.ts';
import { examStatisticsRepository, type FinalSubmissionRow } from './exam-statistics.repository.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

type ItemAnalysisQuery = z.output<typeof ItemAnalysisQuerySchema>;
type TypicalMistakesQuery = z.output<typeof TypicalMistakesQuerySchema>;

const CHOICE_TYPES = new Set(['single_selection', 'multiple_selection', 'true_or_false']);
const COMMON_WRONG_ANSWERS = 3;
/** Visitors see a question only once this many answered it, so no one answer can be traced to its author. */
const PUBLIC_MIN_RESPONSES = 3;

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Item analysis of one paper from each examinee's final submission. Item scores are the question's score
 * as a fraction of its points; the ranking for the 27% groups and the correlations is the sum of the scored
 * questions' points. A question awaiting marking leaves that student out of its own figures and of alpha.
 */
export function analysePaper(
  examId: number,
  questions: readonly SubjectTree[],
  finals: readonly FinalSubmissionRow[],
): ItemAnalysis {
  const scored = questions.filter((q) => q.point > 0);
  const scoreOf = finals.map((f) => {
    const byId = new Map(f.scoreData.map((s) => [s.subject_id, s.score]));
    return scored.map((q) => byId.get(q.id) ?? null);
  });
  const totals = scoreOf.map((row) => row.reduce<number>((sum, s) => sum + (s ?? 0), 0));
  const groups = extremeGroups(totals);
  const upper = new Set(groups.upper);
  const lower = new Set(groups.lower);

  let number = 0;
  const numbers = new Map<number, number>();
  for (const q of questions) if (q.type !== 'paragraph_desc') numbers.set(q.id, ++number);

  const items: ItemStatistics[] = scored.map((q, j) => {
    const fractions: number[] = [];
    const theirTotals: number[] = [];
    scoreOf.forEach((row, i) => {
      const score = row[j];
      if (score === null || score === undefined) return;
      fractions.push(score / q.point);
      theirTotals.push(totals[i] ?? 0);
    });
    const picks = finals.map(
      (final) => new Set(final.submissionData.find((a) => a.subject_id === q.id)?.answer_option_ids ?? []),
    );
    const distractors = CHOICE_TYPES.has(q.type)
      ? [...q.options]
          .sort((a, b) => a.sort - b.sort || a.id - b.id)
          .map((o) => {
            let count = 0;
            let upperCount = 0;
            let lowerCount = 0;
            picks.forEach((set, i) => {
              if (!set.has(o.id)) return;
              count += 1;
              if (upper.has(i)) upperCount += 1;
              if (lower.has(i)) lowerCount += 1;
            });
            return {
              option_id: o.id,
              sort: o.sort,
              content: plain(o.content),
              is_answer: o.isAnswer,
              chosen_count: count,
              chosen_rate: roundStatistic(finals.length === 0 ? 0 : count / finals.length) ?? 0,
              upper_count: upperCount,
              lower_count: lowerCount,
            };
          })
      : [];
    return {
      subject_id: q.id,
      number: numbers.get(q.id) ?? 0,
      type: q.type,
      description: plain(q.description),
      point: q.point,
      responses: fractions.length,
      facility_index: roundStatistic(facilityIndex(fractions)),
      discrimination_index: roundStatistic(discriminationIndex(fractions, theirTotals)),
      point_biserial: roundStatistic(pointBiserial(fractions, theirTotals)),
      distractors,
    };
  });

  const complete = scoreOf.filter((row) => row.every((s) => s !== null)) as number[][];
  return {
    exam_id: examId,
    submitter_count: finals.length,
    mean_score:
      totals.length === 0 ? null : roundStatistic(totals.reduce((a, b) => a + b, 0) / totals.length),
    cronbach_alpha: roundStatistic(cronbachAlpha(complete)),
    items,
  };
}

type Tally = {
  examId: number;
  subjectId: number;
  responses: number;
  wrong: number;
  wrongAnswers: Map<string, { optionIds: number[]; text: string; count: number }>;
};

function tally(
  tallies: Map<number, Tally>,
  examId: number,
  subjectId: number,
  correct: boolean,
  optionIds: readonly number[],
  text: string,
): void {
  let entry = tallies.get(subjectId);
  if (!entry) {
    entry = { examId, subjectId, responses: 0, wrong: 0, wrongAnswers: new Map() };
    tallies.set(subjectId, entry);
  }
  entry.responses += 1;
  if (correct) return;
  entry.wrong += 1;
  const ids = [...optionIds].sort((a, b) => a - b);
  const key = ids.length > 0 ? `o:${ids.join(',')}` : `t:${text.trim().toLowerCase()}`;
  const known = entry.wrongAnswers.get(key);
  if (known) known.count += 1;
  else entry.wrongAnswers.set(key, { optionIds: ids, text: text.trim(), count: 1 });
}

const writtenText = (answer: string | null, answers: readonly { sort: number; content: string }[]) =>
  answers.length > 0
    ? [...answers]
        .sort((a, b) => a.sort - b.sort)
        .map((a) => a.content)
        .join(' / ')
    : plain(answer ?? '');

export function itemAnalysisService(ctx: AppContext) {
  const exams = examAccess(ctx.db);
  const courses = courseAccess(ctx.db);

  /** The typical mistakes of a course for its teaching team, or for visitors (see publicTypicalMistakes). */
  async function typicalMistakesOf(
    courseId: number,
    query: TypicalMistakesQuery,
    audience: 'teaching' | 'public',
  ): Promise<TypicalMistakes> {
    const list = await examStatisticsRepository.courseExams(courseId, ctx.db, audience === 'public');
    const examIds = list.filter((e) => e.type === 'exam').map((e) => e.id);
    const classroomIds = list.filter((e) => e.type === 'classroom_exam').map((e) => e.id);
    const [finals, classroom] = await Promise.all([
      examStatisticsRepository.finalSubmissions(examIds, null, ctx.db),
      examStatisticsRepository.gradedClassroomAnswers(classroomIds, ctx.db),
    ]);
    const tallies = new Map<number, Tally>();
    for (const final of finals) {
      const answers = new Map(final.submissionData.map((a) => [a.subject_id, a]));
      for (const score of final.scoreData) {
        // Only automatic verdicts: a stem's or a marked answer's "wrong" is a matter of degree.
        if (score.correct === null || !score.auto) continue;
        const answer = answers.get(score.subject_id);
        tally(
          tallies,
          final.examId,
          score.subject_id,
          score.correct,
          answer?.answer_option_ids ?? [],
          writtenText(answer?.answer ?? null, answer?.answers ?? []),
        );
      }
    }
    for (const a of classroom) {
      tally(tallies, a.examId, a.subjectId, a.correct, a.answerOptionIds, writtenText(a.answer, a.answers));
    }
    const top = [...tallies.values()]
      .filter((t) => t.wrong > 0 && (audience === 'teaching' || t.responses >= PUBLIC_MIN_RESPONSES))
      .sort(
        (a, b) =>
          b.wrong / b.responses - a.wrong / a.responses || b.wrong - a.wrong || a.subjectId - b.subjectId,
      );
    const trees = await subjectsRepository.loadByIds(
      top.slice(0, query.limit * 2).map((t) => t.subjectId),
      ctx.db,
    );
    const byId = new Map<number, SubjectTree>();
    const visit = (tree: SubjectTree) => {
      byId.set(tree.id, tree);
      tree.subSubjects.forEach(visit);
    };
    trees.forEach(visit);
    const titles = new Map(list.map((e) => [e.id, e.title]));
    const items: TypicalMistake[] = [];
    // A question deleted since (in the recycle bin) is no longer a mistake to show.
    for (const t of top) {
      const tree = byId.get(t.subjectId);
      if (!tree) continue;
      const optionText = new Map(tree.options.map((o) => [o.id, plain(o.content)]));
      items.push({
        subject_id: t.subjectId,
        exam_id: t.examId,
        exam_title: titles.get(t.examId) ?? '',
        type: tree.type,
        description: plain(tree.description),
        responses: t.responses,
        wrong_count: t.wrong,
        wrong_rate: roundStatistic(t.wrong / t.responses) ?? 0,
        common_wrong_answers: [...t.wrongAnswers.values()]
          .filter((w) => audience === 'teaching' || w.optionIds.length > 0)
          .sort((a, b) => b.count - a.count)
          .slice(0, COMMON_WRONG_ANSWERS)
          .map((w) => ({
            answer_option_ids: w.optionIds,
            content:
              w.optionIds.length > 0 ? w.optionIds.map((id) => optionText.get(id) ?? '').join(' / ') : w.text,
            count: w.count,
          })),
      });
      if (items.length >= query.limit) break;
    }
    return { items };
  }

  return {
    /** `GET /api/exams/{id}/item-analysis`: the teaching team only. */
    async itemAnalysis(actor: Actor, examId: number, query: ItemAnalysisQuery): Promise<ItemAnalysis> {
      const exam = await exams.loadExam(actor, examId);
      assertCan(exam.access, 'activity.read_unpublished');
      const isMakeup = exam.settings.has_make_up_user && query.is_makeup_exam === true;
      const [questions, finals] = await Promise.all([
        subjectsRepository.loadTrees({ activityId: exam.activity.id, isMakeup }, {}, ctx.db),
        examStatisticsRepository.finalSubmissions([exam.activity.id], isMakeup, ctx.db),
      ]);
      return analysePaper(exam.activity.id, questions, finals);
    },

    /**
     * `GET /api/courses/{id}/typical-mistakes`: across the course's exams and classroom exams, the
     * automatically graded questions with the highest share of wrong answers, and the wrong answers given most.
     */
    async typicalMistakes(
      actor: Actor,
      courseId: number,
      query: TypicalMistakesQuery,
    ): Promise<TypicalMistakes> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'activity.read_unpublished');
      return typicalMistakesOf(courseId, query, 'teaching');
    },

    /**
     * The same for visitors of a course whose teaching team published them (public-listings checks that):
     * only published exams whose window has closed, so nothing helps a student still sitting one, and only
     * wrong choices, never written answers, which are a student's own words. No student is named either way.
     */
    async publicTypicalMistakes(courseId: number, query: TypicalMistakesQuery): Promise<TypicalMistakes> {
      return typicalMistakesOf(courseId, query, 'public');
    },
  };
}
