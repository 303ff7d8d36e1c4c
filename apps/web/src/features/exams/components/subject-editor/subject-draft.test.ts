import { SubjectInputSchema, subjectInputSchemaFor } from '@lectern/contracts/exams/subject.schemas';
import { describe, expect, it } from 'vitest';
import { makeSubject } from '../../test/authoring-fixtures.ts';
import {
  changeDraftType,
  draftFromSubject,
  errorGroup,
  inputFromDraft,
  newDraft,
  subjectErrorsFromServer,
  validateDraft,
} from './subject-draft.ts';

const labels = { true: 'True', false: 'False' };
const keyOnly = (issue: { message: string }) => issue.message;

describe('question drafts', () => {
  it('turns a stored question back into the same input it was saved from', () => {
    const stored = makeSubject({
      id: 5,
      type: 'matching',
      description: '<p>Match</p>',
      point: 4,
      difficulty_level: 2,
      // Stored out of order: the editor shows options by sort, and pairs by the option they point at.
      options: [
        { id: 52, sort: 1, content: 'Tokyo', is_answer: false },
        { id: 51, sort: 0, content: 'Paris', is_answer: false },
      ],
      pairs: [
        { sort: 1, content: 'Japan', option_sort: 1 },
        { sort: 0, content: 'France', option_sort: 0 },
      ],
      answer_explanation: '<p>Capitals</p>',
      note: 'Capitals 3',
    });
    const input = inputFromDraft(draftFromSubject(stored));
    expect(input).toEqual({
      type: 'matching',
      description: '<p>Match</p>',
      point: 4,
      difficulty_level: 2,
      options: [
        { content: 'Paris', is_answer: false, sort: 0 },
        { content: 'Tokyo', is_answer: false, sort: 1 },
      ],
      answer: null,
      answer_explanation: '<p>Capitals</p>',
      blanks: [],
      pairs: [
        { sort: 0, content: 'France', option_sort: 0 },
        { sort: 1, content: 'Japan', option_sort: 1 },
      ],
      knowledge_node_ids: [],
      knowledge_node_names: [],
      note: 'Capitals 3',
      settings: {},
    });
    expect(SubjectInputSchema.safeParse(input).success).toBe(true);
  });

  it('checks the same rules as the server, per field', () => {
    const tf = { ...newDraft('true_or_false', labels) };
    tf.description = 'Is a stack LIFO?';
    tf.options = [...tf.options, { key: 'x', content: 'Maybe', is_answer: false }];
    expect(validateDraft(tf, keyOnly)).toEqual({ options: 'exams.trueFalseTwoOptions' });

    const blanks = newDraft('fill_in_blank', labels);
    blanks.description = 'Founded in ____';
    expect(validateDraft(blanks, keyOnly)).toEqual({ 'blanks.0.answers': 'exams.blankAnswerRequired' });

    const single = newDraft('single_selection', labels);
    single.description = 'Q';
    single.options = single.options.slice(0, 2).map((o, i) => ({ ...o, content: `O${i}`, is_answer: true }));
    expect(validateDraft(single, keyOnly)).toEqual({ options: 'exams.singleAnswerRequired' });
  });

  it('asks no right answer of a questionnaire library’s question, but still of an exam library’s', () => {
    const single = newDraft('single_selection', labels);
    single.description = 'How is the pace?';
    single.options = single.options.slice(0, 2).map((o, i) => ({ ...o, content: `O${i}`, is_answer: false }));
    const blanks = newDraft('fill_in_blank', labels);
    blanks.description = 'One word: ____';
    const survey = subjectInputSchemaFor({ libType: 'questionnaire' });
    expect(validateDraft(single, keyOnly, survey)).toEqual({});
    expect(validateDraft(blanks, keyOnly, survey)).toEqual({});
    const exam = subjectInputSchemaFor({ libType: 'exam' });
    expect(validateDraft(single, keyOnly, exam)).toEqual({ options: 'exams.singleAnswerRequired' });
  });

  it('keeps options when switching between the two choice types, and starts fresh otherwise', () => {
    const multiple = newDraft('multiple_selection', labels);
    multiple.options = multiple.options.map((o, i) => ({ ...o, content: `O${i}`, is_answer: i < 2 }));
    const single = changeDraftType(multiple, 'single_selection', labels);
    expect(single.options.map((o) => o.content)).toEqual(['O0', 'O1', 'O2', 'O3']);
    // Two marked answers would break the single-choice rule: the author picks one again.
    expect(single.options.every((o) => !o.is_answer)).toBe(true);
    const tf = changeDraftType(multiple, 'true_or_false', labels);
    expect(tf.options.map((o) => o.content)).toEqual(['True', 'False']);
    const cloze = changeDraftType(multiple, 'cloze', labels);
    expect(cloze.options).toEqual([]);
    expect(cloze.sub_subjects.map((s) => s.type)).toEqual(['single_selection']);
  });

  it('reads the server’s field paths of the first question in a batch, or of the question itself', () => {
    expect(
      subjectErrorsFromServer({
        'subjects.0.options': ['a'],
        'subjects.0.sub_subjects.1.blanks.0.answers': ['b'],
        'subjects.1.options': ['other question'],
        subjects: ['points'],
        description: ['c', 'second message'],
      }),
    ).toEqual({
      options: 'a',
      'sub_subjects.1.blanks.0.answers': 'b',
      point: 'points',
      description: 'c',
    });
  });

  it('groups error paths by the input the author touches', () => {
    expect(errorGroup('options.2.content')).toBe('options');
    expect(errorGroup('sub_subjects.1.blanks.0.answers')).toBe('sub_subjects.1.blanks');
    expect(errorGroup('sub_subjects')).toBe('sub_subjects');
  });
});
