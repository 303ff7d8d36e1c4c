import {
  QUESTIONNAIRE_NO_ANSWER_TYPES,
  QUESTIONNAIRE_SINGLE_CHOICE_TYPES,
} from '@lectern/contracts/questionnaires/questionnaire-settings';
import type {
  QuestionnaireAnswer,
  QuestionnaireSubmittedAnswer,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';
import type { FieldMessages } from '../../platform/errors.ts';
import type { SubjectTree } from '../exams/subjects.repository.ts';

const OPTION_TYPES: readonly SubjectType[] = ['single_selection', 'multiple_selection', 'true_or_false'];
const isSingle = (type: SubjectType) =>
  (QUESTIONNAIRE_SINGLE_CHOICE_TYPES as readonly string[]).includes(type);
export const asksNothing = (type: SubjectType) =>
  (QUESTIONNAIRE_NO_ANSWER_TYPES as readonly string[]).includes(type);
export const isOptionType = (type: SubjectType) => OPTION_TYPES.includes(type);

/** True when the stored answer says something (an option, or some non-blank text). */
export function isAnswered(answer: QuestionnaireAnswer): boolean {
  return (
    answer.answer_option_ids.length > 0 ||
    (answer.answer ?? '').trim() !== '' ||
    answer.answers.some((entry) => entry.content.trim() !== '')
  );
}

export type CheckedAnswers =
  { ok: true; answers: QuestionnaireAnswer[] } | { ok: false; fields: FieldMessages };

/**
 * A submission against the questionnaire's questions: each answer names a question of this questionnaire
 * once, options belong to their question (one at most in single choice), and every question that asks
 * something is answered. Text is kept as plain text (the web shows it as text, never as markup). Errors
 * are keyed `subjects.{subject_id}`, or `subjects` for the list as a whole.
 */
export function checkAnswers(
  trees: readonly SubjectTree[],
  submitted: readonly QuestionnaireSubmittedAnswer[],
): CheckedAnswers {
  const fields: FieldMessages = {};
  const byId = new Map(trees.map((tree) => [tree.id, tree]));
  const answers = new Map<number, QuestionnaireAnswer>();
  for (const entry of submitted) {
    const key = `subjects.${entry.subject_id}`;
    const tree = byId.get(entry.subject_id);
    if (!tree) {
      fields.subjects = ['questionnaires.subjectUnknown'];
      continue;
    }
    if (answers.has(tree.id)) {
      fields[key] = ['questionnaires.subjectRepeated'];
      continue;
    }
    const optionIds = [...new Set(entry.answer_option_ids ?? [])];
    if (optionIds.length > 0 && !isOptionType(tree.type)) {
      fields[key] = ['questionnaires.optionUnknown'];
      continue;
    }
    const known = new Set(tree.options.map((o) => o.id));
    if (optionIds.some((id) => !known.has(id))) {
      fields[key] = ['questionnaires.optionUnknown'];
      continue;
    }
    if (isSingle(tree.type) && optionIds.length > 1) {
      fields[key] = ['questionnaires.singleChoiceOnly'];
      continue;
    }
    const text = isOptionType(tree.type) || asksNothing(tree.type) ? null : (entry.answer?.trim() ?? null);
    const entries =
      tree.type === 'fill_in_blank'
        ? (entry.answers ?? [])
            .map((a) => ({ sort: a.sort, content: a.content.trim() }))
            .sort((a, b) => a.sort - b.sort)
        : [];
    answers.set(tree.id, {
      subject_id: tree.id,
      answer_option_ids: optionIds.sort((a, b) => a - b),
      answer: text === '' ? null : text,
      answers: entries,
    });
  }
  for (const tree of trees) {
    if (asksNothing(tree.type) || fields[`subjects.${tree.id}`]) continue;
    const answer = answers.get(tree.id);
    if (!answer || !isAnswered(answer)) fields[`subjects.${tree.id}`] = ['questionnaires.answerRequired'];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  // Stored in the questionnaire's order, whatever order the client sent.
  return { ok: true, answers: trees.flatMap((tree) => answers.get(tree.id) ?? []) };
}
