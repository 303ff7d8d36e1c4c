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
import { checkSubmittedAnswers, type AnswerRules } from '../exams/submitted-answers.ts';
import type { SubjectTree } from '../exams/subjects.repository.ts';

const OPTION_TYPES: readonly SubjectType[] = ['single_selection', 'multiple_selection', 'true_or_false'];
export const asksNothing = (type: SubjectType) =>
  (QUESTIONNAIRE_NO_ANSWER_TYPES as readonly string[]).includes(type);
export const isOptionType = (type: SubjectType) => OPTION_TYPES.includes(type);

const RULES: AnswerRules = {
  messages: {
    subjectUnknown: 'questionnaires.subjectUnknown',
    subjectRepeated: 'questionnaires.subjectRepeated',
    optionUnknown: 'questionnaires.optionUnknown',
    singleChoiceOnly: 'questionnaires.singleChoiceOnly',
    answerRequired: 'questionnaires.answerRequired',
  },
  isSingleChoice: (type) => (QUESTIONNAIRE_SINGLE_CHOICE_TYPES as readonly string[]).includes(type),
  takesOptions: isOptionType,
  // Text is kept as plain text (the web shows it as text, never as markup).
  keepsText: (type) => !isOptionType(type) && !asksNothing(type),
  asksNothing,
};

export type CheckedAnswers =
  { ok: true; answers: QuestionnaireAnswer[] } | { ok: false; fields: FieldMessages };

/** A questionnaire's submission: every question that asks something answered; descriptions need none. */
export function checkAnswers(
  trees: readonly SubjectTree[],
  submitted: readonly QuestionnaireSubmittedAnswer[],
): CheckedAnswers {
  return checkSubmittedAnswers(trees, submitted, RULES);
}
