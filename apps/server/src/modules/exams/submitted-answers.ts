import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';
import type { FieldMessages } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import type { SubjectTree } from './subjects.repository.ts';

/** One answer as an ungraded form (questionnaire, in-video quiz) sends it. */
export type SubmittedAnswer = {
  subject_id: number;
  answer_option_ids?: readonly number[] | null | undefined;
  answer?: string | null | undefined;
  answers?: readonly { sort: number; content: string }[] | null | undefined;
};

/** An answer as stored: options sorted and unique, text trimmed, blanks in their order. */
export type CheckedAnswer = {
  subject_id: number;
  answer_option_ids: number[];
  answer: string | null;
  answers: { sort: number; content: string }[];
};

/** What differs between the forms that use the check: their messages and which types take what. */
export type AnswerRules = {
  messages: Record<
    'subjectUnknown' | 'subjectRepeated' | 'optionUnknown' | 'singleChoiceOnly' | 'answerRequired',
    MessageKey
  >;
  isSingleChoice: (type: SubjectType) => boolean;
  /** Types whose answer may name options (default: any type with options). */
  takesOptions?: (type: SubjectType) => boolean;
  /** Types whose free text is kept (default: none). */
  keepsText?: (type: SubjectType) => boolean;
  /** Types that ask nothing (a description) and need no answer (default: none). */
  asksNothing?: (type: SubjectType) => boolean;
};

/** True when the stored answer says something (an option, or some non-blank text). */
export function isAnswered(answer: CheckedAnswer): boolean {
  return (
    answer.answer_option_ids.length > 0 ||
    (answer.answer ?? '').trim() !== '' ||
    answer.answers.some((entry) => entry.content.trim() !== '')
  );
}

/**
 * A submission against the form's questions: each answer names a question of this form once, options
 * belong to their question (one at most in single choice), and every question that asks something is
 * answered. Errors are keyed `subjects.{subject_id}`, or `subjects` for the list as a whole. Answers come
 * back in the form's order, whatever order the client sent.
 */
export function checkSubmittedAnswers(
  trees: readonly SubjectTree[],
  submitted: readonly SubmittedAnswer[],
  rules: AnswerRules,
): { ok: true; answers: CheckedAnswer[] } | { ok: false; fields: FieldMessages } {
  const { messages } = rules;
  const fields: FieldMessages = {};
  const byId = new Map(trees.map((tree) => [tree.id, tree]));
  const answers = new Map<number, CheckedAnswer>();
  for (const entry of submitted) {
    const key = `subjects.${entry.subject_id}`;
    const tree = byId.get(entry.subject_id);
    if (!tree) {
      fields.subjects = [messages.subjectUnknown];
      continue;
    }
    if (answers.has(tree.id)) {
      fields[key] = [messages.subjectRepeated];
      continue;
    }
    const optionIds = [...new Set(entry.answer_option_ids ?? [])];
    const known = new Set(tree.options.map((o) => o.id));
    const optionsAllowed = rules.takesOptions?.(tree.type) ?? true;
    if (optionIds.some((id) => !known.has(id)) || (optionIds.length > 0 && !optionsAllowed)) {
      fields[key] = [messages.optionUnknown];
      continue;
    }
    if (rules.isSingleChoice(tree.type) && optionIds.length > 1) {
      fields[key] = [messages.singleChoiceOnly];
      continue;
    }
    const text = rules.keepsText?.(tree.type) ? (entry.answer?.trim() ?? '') : '';
    answers.set(tree.id, {
      subject_id: tree.id,
      answer_option_ids: optionIds.sort((a, b) => a - b),
      answer: text === '' ? null : text,
      answers:
        tree.type === 'fill_in_blank'
          ? (entry.answers ?? [])
              .map((a) => ({ sort: a.sort, content: a.content.trim() }))
              .sort((a, b) => a.sort - b.sort)
          : [],
    });
  }
  for (const tree of trees) {
    if (rules.asksNothing?.(tree.type) || fields[`subjects.${tree.id}`]) continue;
    const answer = answers.get(tree.id);
    if (!answer || !isAnswered(answer)) fields[`subjects.${tree.id}`] = [messages.answerRequired];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, answers: trees.flatMap((tree) => answers.get(tree.id) ?? []) };
}
