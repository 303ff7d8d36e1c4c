import type {
  CoursewareQuizAnswer,
  CoursewareQuizSubmittedAnswer,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { QUIZ_SINGLE_CHOICE_TYPES } from '@lectern/contracts/courseware-quizzes/quiz-rules';
import type { FieldMessages } from '../../platform/errors.ts';
import type { SubjectTree } from '../exams/subjects.repository.ts';

const isSingle = (type: string) => (QUIZ_SINGLE_CHOICE_TYPES as readonly string[]).includes(type);

export type CheckedAnswers =
  { ok: true; answers: CoursewareQuizAnswer[] } | { ok: false; fields: FieldMessages };

/**
 * A submission against the quiz's questions: each answer names a question of this quiz once, options belong
 * to their question (one at most in single choice), and every question is answered. Errors are keyed
 * `subjects.{subject_id}`, or `subjects` for the list as a whole.
 */
export function checkQuizAnswers(
  trees: readonly SubjectTree[],
  submitted: readonly CoursewareQuizSubmittedAnswer[],
): CheckedAnswers {
  const fields: FieldMessages = {};
  const byId = new Map(trees.map((tree) => [tree.id, tree]));
  const answers = new Map<number, CoursewareQuizAnswer>();
  for (const entry of submitted) {
    const key = `subjects.${entry.subject_id}`;
    const tree = byId.get(entry.subject_id);
    if (!tree) {
      fields.subjects = ['coursewareQuizzes.subjectUnknown'];
      continue;
    }
    if (answers.has(tree.id)) {
      fields[key] = ['coursewareQuizzes.subjectRepeated'];
      continue;
    }
    const optionIds = [...new Set(entry.answer_option_ids ?? [])];
    const known = new Set(tree.options.map((o) => o.id));
    if (optionIds.some((id) => !known.has(id))) {
      fields[key] = ['coursewareQuizzes.optionUnknown'];
      continue;
    }
    if (isSingle(tree.type) && optionIds.length > 1) {
      fields[key] = ['coursewareQuizzes.singleChoiceOnly'];
      continue;
    }
    const blanks =
      tree.type === 'fill_in_blank'
        ? (entry.answers ?? [])
            .map((a) => ({ sort: a.sort, content: a.content.trim() }))
            .sort((a, b) => a.sort - b.sort)
        : [];
    answers.set(tree.id, {
      subject_id: tree.id,
      answer_option_ids: optionIds.sort((a, b) => a - b),
      answers: blanks,
    });
  }
  for (const tree of trees) {
    if (fields[`subjects.${tree.id}`]) continue;
    const answer = answers.get(tree.id);
    const answered =
      answer !== undefined &&
      (answer.answer_option_ids.length > 0 || answer.answers.some((entry) => entry.content !== ''));
    if (!answered) fields[`subjects.${tree.id}`] = ['coursewareQuizzes.answerRequired'];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, answers: trees.flatMap((tree) => answers.get(tree.id) ?? []) };
}
