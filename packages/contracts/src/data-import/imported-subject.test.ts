import { describe, expect, it } from 'vitest';
import { SubjectInputSchema } from '../exams/subject.schemas.ts';
import type { ImportedSubject, ImportedSubSubject } from './data-import.schemas.ts';
import { importedErrorCount, toSubjectInput } from './imported-subject.ts';

function sub(overrides: Partial<ImportedSubSubject> = {}): ImportedSubSubject {
  return {
    type: 'single_selection',
    description: 'Who?',
    point: 2,
    sort: 1,
    difficulty_level: 0,
    options: [
      { sort: 1, content: 'Bob', is_answer: true },
      { sort: 0, content: 'Ann', is_answer: false },
    ],
    answer: 'B',
    answer_explanation: null,
    blanks: [],
    settings: {},
    knowledge_node_names: [],
    note: null,
    errors: [],
    warnings: [],
    number: '1',
    line: 3,
    ...overrides,
  };
}

function subject(overrides: Partial<ImportedSubject> = {}): ImportedSubject {
  return { ...sub(), category: null, sub_subjects: [], ...overrides };
}

describe('toSubjectInput', () => {
  it('gives the save body: no errors, number or line; options and blanks numbered in order', () => {
    const input = toSubjectInput(
      subject({
        type: 'fill_in_blank',
        options: [],
        blanks: [
          { sort: 1, answers: ['Rome'] },
          { sort: 0, answers: ['Paris', 'paris'] },
        ],
        knowledge_node_names: ['Geography'],
        errors: [{ code: 'answerMissing', message: 'x', line: 3, field: 'answer' }],
      }),
    );
    expect(input).toEqual({
      type: 'fill_in_blank',
      description: 'Who?',
      point: 2,
      sort: 1,
      difficulty_level: 0,
      options: [],
      answer: null,
      answer_explanation: null,
      blanks: [
        { sort: 0, answers: ['Paris', 'paris'] },
        { sort: 1, answers: ['Rome'] },
      ],
      knowledge_node_names: ['Geography'],
      note: null,
      settings: {},
      sub_subjects: [],
    });
  });

  it('carries a matching question’s pairs, in their order, which the question rules accept', () => {
    const input = toSubjectInput(
      subject({
        type: 'matching',
        answer: null,
        pairs: [
          { sort: 1, content: 'Japan', option_sort: 0 },
          { sort: 0, content: 'France', option_sort: 1 },
        ],
      }),
    );
    expect(input.pairs).toEqual([
      { sort: 0, content: 'France', option_sort: 1 },
      { sort: 1, content: 'Japan', option_sort: 0 },
    ]);
    expect(SubjectInputSchema.safeParse(input).success).toBe(true);
  });

  it('sorts options by their sort and converts sub-questions, which the question rules accept', () => {
    const input = toSubjectInput(
      subject({
        type: 'analysis',
        options: [],
        answer: null,
        point: 4,
        sub_subjects: [sub(), sub({ sort: 2 })],
      }),
    );
    expect(input.sub_subjects?.map((s) => s.options?.map((o) => [o.sort, o.content, o.is_answer]))).toEqual([
      [
        [0, 'Ann', false],
        [1, 'Bob', true],
      ],
      [
        [0, 'Ann', false],
        [1, 'Bob', true],
      ],
    ]);
    expect(SubjectInputSchema.safeParse(input).success).toBe(true);
  });
});

describe('toSubjectInput and partial credit', () => {
  it('carries option weights, in the options’ order, which the question rules accept', () => {
    const input = toSubjectInput(
      subject({
        type: 'multiple_selection',
        options: [
          { sort: 2, content: '4', is_answer: false, weight: -1 },
          { sort: 0, content: '2', is_answer: true, weight: 0.5 },
          { sort: 1, content: '3', is_answer: true, weight: 0.5 },
        ],
      }),
    );
    expect(input.options?.map((o) => [o.content, o.weight])).toEqual([
      ['2', 0.5],
      ['3', 0.5],
      ['4', -1],
    ]);
    expect(SubjectInputSchema.safeParse(input).success).toBe(true);
    // Without weights the save body has none: the question grades all or nothing.
    expect(toSubjectInput(subject()).options?.every((o) => !('weight' in o))).toBe(true);
  });
});

describe('importedErrorCount', () => {
  it('counts questions with an error of their own or of a sub-question', () => {
    const error = { code: 'invalid', message: 'x', line: 1, field: null };
    expect(
      importedErrorCount([
        subject(),
        subject({ errors: [error, error] }),
        subject({ type: 'analysis', sub_subjects: [sub(), sub({ errors: [error] })] }),
      ]),
    ).toBe(2);
  });

  it('keeps answer text only as a short answer’s reference answer', () => {
    expect(toSubjectInput(subject({ type: 'short_answer', options: [], answer: 'Because.' })).answer).toBe(
      'Because.',
    );
    expect(toSubjectInput(subject({ type: 'single_selection', answer: 'B' })).answer).toBeNull();
  });
});
