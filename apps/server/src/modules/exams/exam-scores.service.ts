import { combineAttempts, roundScore } from '@lectern/contracts/exams/grading';
import { subjectPoints } from '@lectern/contracts/exams/subject.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { csvLine } from '../../platform/files/csv.ts';
import { translate } from '../../platform/messages.ts';
import { examAccess } from './exam-access.ts';
import { assertCanMark } from './exam-taking.policy.ts';
import { examTakingRepository, type SubmissionWithInstance } from './exam-taking.repository.ts';
import { markingRepository } from './marking.repository.ts';
import { subjectsRepository } from './subjects.repository.ts';

/**
 * The scores a student gets in the export: by the exam's score rule, per question from the attempt the
 * rule picks (the average of attempts for `average`). Null cells are left empty.
 */
function scoresFor(
  rule: 'highest' | 'last' | 'average',
  finals: readonly SubmissionWithInstance[],
  subjectIds: readonly number[],
): { perSubject: (number | null)[]; total: number | null } {
  if (finals.length === 0) return { perSubject: subjectIds.map(() => null), total: null };
  const totals = finals.map((f) => (f.markStatus === 'marked' ? f.score : null));
  const total = combineAttempts(rule, totals);
  const entry = (f: SubmissionWithInstance, id: number) =>
    (f.scoreData ?? []).find((s) => s.subject_id === id)?.score ?? null;
  if (rule === 'average') {
    return {
      perSubject: subjectIds.map((id) => {
        const values = finals.map((f) => entry(f, id));
        return values.some((v) => v === null)
          ? null
          : roundScore((values as number[]).reduce((a, b) => a + b, 0) / values.length);
      }),
      total,
    };
  }
  let chosen = finals[finals.length - 1] as SubmissionWithInstance;
  if (rule === 'highest') {
    for (const f of finals) {
      if (
        f.markStatus === 'marked' &&
        (chosen.markStatus !== 'marked' || (f.score ?? 0) > (chosen.score ?? 0))
      ) {
        chosen = f;
      }
    }
  }
  return { perSubject: subjectIds.map((id) => entry(chosen, id)), total };
}

export function examScoresService(ctx: AppContext) {
  const exams = examAccess(ctx.db);
  const taking = examTakingRepository(ctx.db);
  const marking = markingRepository(ctx.db);

  return {
    /**
     * `GET /api/exams/{id}/scores.csv`: one row per examinee of the paper (user_no, name, a column per
     * question, total), UTF-8 with a byte-order mark so spreadsheet programs read the names right.
     */
    async exportCsv(
      actor: Actor,
      examId: number,
      isMakeup: boolean,
    ): Promise<{ fileName: string; body: string }> {
      const exam = await exams.loadExam(actor, examId);
      assertCanMark(exam.access);
      const [students, makeup, trees, finals] = await Promise.all([
        marking.examinees(exam.activity.courseId),
        exam.settings.has_make_up_user ? taking.makeupUserIds(exam.activity.id) : new Set<number>(),
        subjectsRepository.loadTrees({ activityId: exam.activity.id, isMakeup }, {}, ctx.db),
        taking.listFinal(exam.activity.id, { isMakeup }),
      ]);
      const scored = trees.filter((t) => t.type !== 'paragraph_desc');
      const subjectIds = scored.map((t) => t.id);
      const { locale } = actor;
      const header = [
        translate(locale, 'exams.scores.userNo'),
        translate(locale, 'exams.scores.name'),
        ...scored.map((t, i) =>
          translate(locale, 'exams.scores.question', {
            number: i + 1,
            points: roundScore(subjectPoints({ type: t.type, point: t.point, sub_subjects: t.subSubjects })),
          }),
        ),
        translate(locale, 'exams.scores.total'),
      ];
      const lines = [csvLine(header)];
      for (const student of students.filter((s) => makeup.has(s.id) === isMakeup)) {
        const { perSubject, total } = scoresFor(
          exam.settings.score_rule,
          finals.filter((f) => f.examineeId === student.id),
          subjectIds,
        );
        lines.push(csvLine([student.userNo, student.name, ...perSubject, total]));
      }
      const suffix = translate(locale, 'exams.scores.fileSuffix');
      return { fileName: `${exam.activity.title}-${suffix}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
    },
  };
}
