import { describe, expect, it } from 'vitest';
import {
  optionLetter,
  SaveSubjectsRequestSchema,
  SUBJECT_LIMITS,
  SubjectInputSchema,
  subjectInputSchemaFor,
  subjectPoints,
  type SubjectInput,
} from './subject.schemas.ts';

function errorsOf(input: SubjectInput, schema = SubjectInputSchema): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const opts = (...answers: boolean[]) =>
  answers.map((is_answer, i) => ({ content: `Option ${i}`, is_answer }));

describe('question rules per type', () => {
  it('accepts a single choice with exactly one answer and refuses two or none', () => {
    expect(
      errorsOf({ type: 'single_selection', description: 'Q', point: 2, options: opts(true, false) }),
    ).toEqual({});
    expect(errorsOf({ type: 'single_selection', description: 'Q', options: opts(true, true) })).toEqual({
      options: ['exams.singleAnswerRequired'],
    });
    expect(errorsOf({ type: 'single_selection', description: 'Q', options: opts(false, false) })).toEqual({
      options: ['exams.singleAnswerRequired'],
    });
  });

  it('takes option weights on choice questions only, when the answers earn full points', () => {
    const weighted = (...weights: [boolean, number | null][]) =>
      weights.map(([is_answer, weight], i) => ({ content: `Option ${i}`, is_answer, weight }));
    const q = (type: SubjectInput['type'], options: ReturnType<typeof weighted>) =>
      errorsOf({ type, description: 'Q', point: 2, options });
    expect(q('multiple_selection', weighted([true, 0.5], [true, 0.5], [false, -1]))).toEqual({});
    expect(
      q('multiple_selection', weighted([true, 0.3333333], [true, 0.3333333], [true, 0.3333333])),
    ).toEqual({});
    expect(q('single_selection', weighted([true, 1], [false, 0.25], [false, null]))).toEqual({});
    // The answers' shares must add up to 100%, and only answers earn.
    expect(q('multiple_selection', weighted([true, 0.5], [true, 0.25], [false, 0]))).toEqual({
      options: ['exams.optionWeightsMismatch'],
    });
    expect(q('multiple_selection', weighted([true, 0.5], [false, 0.5], [false, 0]))).toEqual({
      options: ['exams.optionWeightsMismatch'],
    });
    expect(q('single_selection', weighted([true, 0.5], [false, 0.25]))).toEqual({
      options: ['exams.optionWeightsMismatch'],
    });
    expect(q('true_or_false', weighted([true, 1], [false, 0]))).toEqual({
      options: ['exams.optionWeightNotAllowed'],
    });
    expect(q('multiple_selection', weighted([true, 1.5], [false, 0]))).toMatchObject({
      'options.0.weight': ['exams.optionWeightInvalid'],
    });
  });

  it('needs at least two options for choice questions', () => {
    expect(errorsOf({ type: 'multiple_selection', description: 'Q', options: opts(true) })).toEqual({
      options: ['exams.optionsTooFew'],
    });
  });

  it('needs at least one answer for a multiple choice', () => {
    expect(
      errorsOf({ type: 'multiple_selection', description: 'Q', options: opts(false, false, false) }),
    ).toEqual({
      options: ['exams.answerOptionRequired'],
    });
    expect(
      errorsOf({ type: 'multiple_selection', description: 'Q', options: opts(true, true, false) }),
    ).toEqual({});
  });

  it('gives true/false exactly two options', () => {
    expect(errorsOf({ type: 'true_or_false', description: 'Q', options: opts(true, false, false) })).toEqual({
      options: ['exams.trueFalseTwoOptions'],
    });
  });

  it('needs an accepted answer for every blank', () => {
    expect(errorsOf({ type: 'fill_in_blank', description: 'Q ___', blanks: [] })).toEqual({
      blanks: ['exams.blanksRequired'],
    });
    expect(
      errorsOf({
        type: 'fill_in_blank',
        description: 'Q ___ ___',
        blanks: [{ answers: ['a'] }, { answers: [' '] }],
      }),
    ).toEqual({ 'blanks.1.answers': ['exams.blankAnswerRequired'] });
  });

  it('refuses options on types that have none', () => {
    expect(errorsOf({ type: 'short_answer', description: 'Q', options: opts(true, false) })).toEqual({
      options: ['exams.optionsNotAllowed'],
    });
  });

  it('points each matching pair at an existing option', () => {
    expect(
      errorsOf({
        type: 'matching',
        description: 'Match',
        options: opts(false, false),
        pairs: [
          { content: 'L1', option_sort: 0 },
          { content: 'L2', option_sort: 5 },
        ],
      }),
    ).toEqual({ 'pairs.1.option_sort': ['exams.pairOptionInvalid'] });
  });

  it('requires sub-questions for stems, single choices only in a cloze, and sums their points', () => {
    expect(errorsOf({ type: 'analysis', description: 'Read this' })).toEqual({
      sub_subjects: ['exams.subSubjectsRequired'],
    });
    expect(
      errorsOf({
        type: 'cloze',
        description: 'Gap ___',
        sub_subjects: [{ type: 'multiple_selection', description: 'g1', options: opts(true, false) }],
      }),
    ).toEqual({ 'sub_subjects.0.type': ['exams.clozeSingleOnly'] });
    expect(
      errorsOf({
        type: 'analysis',
        description: 'Read this',
        point: 5,
        sub_subjects: [{ type: 'short_answer', description: 'Why?', point: 3 }],
      }),
    ).toEqual({ point: ['exams.stemPointMismatch'] });
    expect(
      subjectPoints({
        type: 'analysis',
        point: 0,
        sub_subjects: [{ point: 3 }, { point: 2.5 }],
      }),
    ).toBe(5.5);
  });

  it('does not nest stems and keeps sub-questions off plain questions', () => {
    expect(
      errorsOf({
        type: 'analysis',
        description: 'x',
        sub_subjects: [{ type: 'analysis' as never, description: 'y' }],
      }),
    ).toEqual({
      'sub_subjects.0.type': ['exams.subSubjectTypeInvalid'],
    });
    expect(
      errorsOf({
        type: 'short_answer',
        description: 'x',
        sub_subjects: [{ type: 'short_answer', description: 'y' }],
      }),
    ).toEqual({ sub_subjects: ['exams.subSubjectsNotAllowed'] });
  });

  it('takes points as non-negative numbers with one decimal, and none for a text block', () => {
    expect(errorsOf({ type: 'short_answer', description: 'Q', point: -1 })).toEqual({
      point: ['exams.pointInvalid'],
    });
    expect(errorsOf({ type: 'short_answer', description: 'Q', point: 1.25 })).toEqual({
      point: ['exams.pointInvalid'],
    });
    expect(errorsOf({ type: 'short_answer', description: 'Q', point: '2.5' as never })).toEqual({});
    expect(errorsOf({ type: 'paragraph_desc', description: 'Part two', point: 2 })).toEqual({
      point: ['exams.paragraphNoPoint'],
    });
  });

  it('needs a question text (an image alone counts) and option texts', () => {
    expect(errorsOf({ type: 'short_answer', description: '<p> </p>' })).toEqual({
      description: ['exams.descriptionRequired'],
    });
    expect(errorsOf({ type: 'short_answer', description: '<p><img src="/a.png"></p>' })).toEqual({});
    expect(
      errorsOf({
        type: 'single_selection',
        description: 'Q',
        options: [{ content: '', is_answer: true }, { content: 'b' }],
      }),
    ).toEqual({ 'options.0.content': ['exams.optionContentRequired'] });
  });
});

describe('questions of a questionnaire library', () => {
  const survey = subjectInputSchemaFor({ libType: 'questionnaire' });

  it('need no right answer, while an exam library’s still do', () => {
    const none = { description: 'Q', options: opts(false, false) };
    expect(errorsOf({ type: 'single_selection', ...none }, survey)).toEqual({});
    expect(errorsOf({ type: 'multiple_selection', ...none }, survey)).toEqual({});
    expect(errorsOf({ type: 'fill_in_blank', description: 'Q', blanks: [{ answers: [] }] }, survey)).toEqual(
      {},
    );
    const exam = subjectInputSchemaFor({ libType: 'exam' });
    expect(errorsOf({ type: 'single_selection', ...none }, exam)).toEqual({
      options: ['exams.singleAnswerRequired'],
    });
    expect(errorsOf({ type: 'multiple_selection', ...none }, exam)).toEqual({
      options: ['exams.answerOptionRequired'],
    });
  });

  it('still refuse two answers to a single choice and a choice without options', () => {
    expect(
      errorsOf({ type: 'single_selection', description: 'Q', options: opts(true, true) }, survey),
    ).toEqual({
      options: ['exams.singleAnswerRequired'],
    });
    expect(errorsOf({ type: 'single_selection', description: 'Q', options: opts(false) }, survey)).toEqual({
      options: ['exams.optionsTooFew'],
    });
  });
});

describe('saving questions', () => {
  it('takes 1 to 200 questions at once', () => {
    const one = { type: 'short_answer' as const, description: 'Q' };
    expect(SaveSubjectsRequestSchema.safeParse({ subjects: [] }).success).toBe(false);
    expect(
      SaveSubjectsRequestSchema.safeParse({ subjects: Array(SUBJECT_LIMITS.subjectsPerSave).fill(one) })
        .success,
    ).toBe(true);
    const tooMany = SaveSubjectsRequestSchema.safeParse({ subjects: Array(201).fill(one) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe('exams.tooManySubjects');
  });
});

describe('option letters', () => {
  it('run from A', () => {
    expect([0, 1, 25].map(optionLetter)).toEqual(['A', 'B', 'Z']);
  });
});
