import type {
  CoursewareQuizAnswer,
  CoursewareQuizSubmittedAnswer,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { QUIZ_SINGLE_CHOICE_TYPES } from '@lectern/contracts/courseware-quizzes/quiz-rules';
import type { FieldMessages } from '../../platform/errors.ts';
import { checkSubmittedAnswers, type AnswerRules } from '../exams/submitted-answers.ts';
import type { SubjectTree } from '../exams/subjects.repository.ts';

const RULES: AnswerRules = {
  messages: {
    subjectUnknown: 'coursewareQuizzes.subjectUnknown',
    subjectRepeated: 'coursewareQuizzes.subjectRepeated',
    optionUnknown: 'coursewareQuizzes.optionUnknown',
    singleChoiceOnly: 'coursewareQuizzes.singleChoiceOnly',
    answerRequired: 'coursewareQuizzes.answerRequired',
  },
  isSingleChoice: (type) => (QUIZ_SINGLE_CHOICE_TYPES as readonly string[]).includes(type),
};

export type CheckedAnswers =
  { ok: true; answers: CoursewareQuizAnswer[] } | { ok: false; fields: FieldMessages };

/** A quiz's submission: every question answered by options or blanks (a quiz keeps no free text). */
export function checkQuizAnswers(
  trees: readonly SubjectTree[],
  submitted: readonly CoursewareQuizSubmittedAnswer[],
): CheckedAnswers {
  const checked = checkSubmittedAnswers(trees, submitted, RULES);
  if (!checked.ok) return checked;
  return {
    ok: true,
    answers: checked.answers.map(({ subject_id, answer_option_ids, answers }) => ({
      subject_id,
      answer_option_ids,
      answers,
    })),
  };
}
