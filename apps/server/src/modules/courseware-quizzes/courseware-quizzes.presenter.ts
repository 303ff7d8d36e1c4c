import type {
  CoursewareQuiz,
  CoursewareQuizStatistics,
  CoursewareQuizSubmission,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { roundScore } from '@lectern/contracts/exams/grading';
import type { SubjectTree } from '../exams/subjects.repository.ts';
import type { QuizRow, QuizSubmissionRow } from './courseware-quizzes.repository.ts';

export function presentQuiz(
  row: QuizRow,
  counts: { subjects: number; submissions: number | null; submitted: boolean },
): CoursewareQuiz {
  return {
    id: row.id,
    activity_id: row.activityId,
    title: row.title,
    position: row.position,
    sort: row.sort,
    published: row.published,
    subjects_count: counts.subjects,
    submitted: counts.submitted,
    submission_count: counts.submissions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The student's graded answers beside what was right: shown once they have answered. */
export function presentSubmission(
  row: QuizSubmissionRow,
  trees: readonly SubjectTree[],
): CoursewareQuizSubmission {
  const answerOf = new Map(row.answers.map((a) => [a.subject_id, a]));
  const scoreOf = new Map(row.scores.map((s) => [s.subject_id, s]));
  const results = trees.map((tree) => {
    const answer = answerOf.get(tree.id);
    const score = scoreOf.get(tree.id);
    return {
      subject_id: tree.id,
      answer_option_ids: answer?.answer_option_ids ?? [],
      answers: answer?.answers ?? [],
      score: score?.score ?? 0,
      point: tree.point,
      correct: score?.correct === true,
      correct_option_ids: tree.options.filter((o) => o.isAnswer).map((o) => o.id),
      correct_blanks: tree.blanks.map((b) => ({ sort: b.sort, answers: b.answers })),
      answer_explanation: tree.answerExplanation ?? '',
    };
  });
  return {
    quiz_id: row.quizId,
    score: row.score,
    total_points: roundScore(trees.reduce((total, tree) => total + tree.point, 0)),
    correct_count: results.filter((r) => r.correct).length,
    subjects: results,
    submitted_at: row.submittedAt.toISOString(),
  };
}

/** Per question: who answered, who got it right, and how often each option was chosen. */
export function presentStatistics(
  quizId: number,
  trees: readonly SubjectTree[],
  submissions: readonly QuizSubmissionRow[],
  studentsCount: number,
): CoursewareQuizStatistics {
  return {
    quiz_id: quizId,
    summary: { studentsCount, submitterCount: submissions.length },
    subjects: trees.map((tree) => {
      const chosen = new Map<number, number>();
      let submitterCount = 0;
      let correctCount = 0;
      for (const submission of submissions) {
        const answer = submission.answers.find((a) => a.subject_id === tree.id);
        if (!answer) continue;
        submitterCount += 1;
        for (const id of answer.answer_option_ids) chosen.set(id, (chosen.get(id) ?? 0) + 1);
        if (submission.scores.some((s) => s.subject_id === tree.id && s.correct === true)) correctCount += 1;
      }
      return {
        subject: { id: tree.id, type: tree.type, description: tree.description, sort: tree.sort },
        submitterCount,
        correctCount,
        options: tree.options.map((o) => ({
          id: o.id,
          sort: o.sort,
          content: o.content,
          isAnswer: o.isAnswer,
          chosenCount: chosen.get(o.id) ?? 0,
        })),
      };
    }),
  };
}
