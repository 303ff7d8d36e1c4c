import { describe, expect, it } from 'vitest';
import { checkSubmittedAnswers, type AnswerRules } from './submitted-answers.ts';
import type { SubjectTree } from './subjects.repository.ts';

const tree = (id: number, type: string, optionIds: number[] = []) =>
  ({ id, type, options: optionIds.map((o) => ({ id: o })) }) as unknown as SubjectTree;

const rules: AnswerRules = {
  messages: {
    subjectUnknown: 'questionnaires.subjectUnknown',
    subjectRepeated: 'questionnaires.subjectRepeated',
    optionUnknown: 'questionnaires.optionUnknown',
    singleChoiceOnly: 'questionnaires.singleChoiceOnly',
    answerRequired: 'questionnaires.answerRequired',
  },
  isSingleChoice: (type) => type === 'single_selection',
  takesOptions: (type) => type !== 'short_answer',
  keepsText: (type) => type === 'short_answer',
  asksNothing: (type) => type === 'paragraph_desc',
};
const paper = [tree(1, 'single_selection', [10, 11]), tree(2, 'short_answer'), tree(3, 'paragraph_desc')];

describe('checkSubmittedAnswers', () => {
  it('stores answers in the paper order, options sorted and unique, text trimmed', () => {
    const checked = checkSubmittedAnswers(
      paper,
      [
        { subject_id: 2, answer: '  mine  ' },
        { subject_id: 1, answer_option_ids: [11, 11] },
      ],
      rules,
    );
    expect(checked).toEqual({
      ok: true,
      answers: [
        { subject_id: 1, answer_option_ids: [11], answer: null, answers: [] },
        { subject_id: 2, answer_option_ids: [], answer: 'mine', answers: [] },
      ],
    });
  });

  it('names each fault on its question, and an unknown question on the list', () => {
    const checked = checkSubmittedAnswers(
      paper,
      [
        { subject_id: 1, answer_option_ids: [10, 11] },
        { subject_id: 2, answer_option_ids: [10] },
        { subject_id: 2, answer: 'again' },
        { subject_id: 99, answer: 'x' },
      ],
      rules,
    );
    expect(checked).toEqual({
      ok: false,
      fields: {
        'subjects.1': ['questionnaires.singleChoiceOnly'],
        'subjects.2': ['questionnaires.optionUnknown'],
        subjects: ['questionnaires.subjectUnknown'],
      },
    });
  });

  it('requires an answer where the question asks something, blank text counting as none', () => {
    const checked = checkSubmittedAnswers(paper, [{ subject_id: 2, answer: '   ' }], rules);
    expect(checked).toEqual({
      ok: false,
      fields: {
        'subjects.1': ['questionnaires.answerRequired'],
        'subjects.2': ['questionnaires.answerRequired'],
      },
    });
  });
});
