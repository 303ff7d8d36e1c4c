import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DistributeResponseSchema } from '@lectern/contracts/exams/exam-taking.schemas';
import { buildLayout, paperOf } from './exam-paper.ts';
import { distributeJson, paperSubjectsJson } from './exam-paper-json.ts';
import type { SubjectTree } from './subjects.repository.ts';

// Text a question may carry, including what the splitting must not be fooled by.
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '"options":[]',
    '"subjects":[]',
    '],"sub_subjects":[',
    '<b>\u2028"x"\\</b>',
    '\ud83d\ude00',
  ),
);

let nextId = 1;
function tree(
  type: string,
  opts: { options: string[]; pairs: string[]; blanks: number; subs: SubjectTree[] },
) {
  const id = nextId++;
  return {
    id,
    type,
    description: `q${id}`,
    point: 2.5,
    sort: id,
    parentId: null,
    options: opts.options.map((content, i) => ({
      id: nextId++,
      sort: i,
      content,
      isAnswer: i === 0,
      weight: null,
    })),
    blanks: Array.from({ length: opts.blanks }, (_, i) => ({ sort: i, answers: ['a'] })),
    pairs: opts.pairs.map((content, i) => ({ sort: i, content, option_sort: i })),
    subSubjects: opts.subs.map((sub) => ({ ...sub, parentId: id })),
  } as unknown as SubjectTree;
}

const leaf = fc
  .record({
    type: fc.constantFrom(
      'single_selection',
      'multiple_selection',
      'matching',
      'fill_in_blank',
      'short_answer',
    ),
    description: text,
    options: fc.array(text, { maxLength: 5 }),
    pairs: fc.array(text, { maxLength: 3 }),
    blanks: fc.nat(3),
  })
  .map(({ type, description, ...rest }) => ({ ...tree(type, { ...rest, subs: [] }), description }));

const paper = fc.array(
  fc.tuple(leaf, fc.array(leaf, { maxLength: 3 })).map(([top, subs]) => ({
    ...top,
    subSubjects: subs.map((sub) => ({ ...sub, parentId: top.id })),
  })),
  { minLength: 1, maxLength: 8 },
);

describe('the paper written from pieces', () => {
  it('is exactly paperOf, for any questions, order, option order and deleted question', () => {
    fc.assert(
      fc.property(
        paper,
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        (trees, randomSubjects, randomOptions, drop) => {
          const layout = buildLayout(trees, {
            random_subject_order: randomSubjects,
            random_option_order: randomOptions,
          });
          // A question deleted after the attempt started is still in the layout, not in the paper.
          const current = trees.filter((_, i) => i !== drop % (trees.length + 1));
          expect(JSON.parse(paperSubjectsJson(current, layout))).toEqual(paperOf(current, layout));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the contract, with the pieces in place of subjects', () => {
    const trees = [
      tree('single_selection', { options: ['a', 'b', 'c'], pairs: [], blanks: 0, subs: [] }),
      tree('cloze', {
        options: [],
        pairs: [],
        blanks: 0,
        subs: [tree('single_selection', { options: ['x', 'y'], pairs: [], blanks: 0, subs: [] })],
      }),
    ];
    const layout = buildLayout(trees, { random_subject_order: true, random_option_order: true });
    const rest = {
      exam_paper_instance_id: 7,
      attempt: 1,
      is_makeup_exam: false,
      created_at: new Date(0).toISOString(),
      draft_data: [
        { subject_id: 1, parent_id: null, answer_option_ids: [2], answer: '"subjects":[]', answers: [] },
      ],
      draft_saved_at: null,
      end_time: null,
      display_mode: 'all' as const,
      allow_retake_exam: false,
      announce_answer: true,
      time_limit_minutes: null,
      deadline: null,
      remaining_seconds: null,
    };
    const parsed = DistributeResponseSchema.parse(JSON.parse(distributeJson(rest, trees, layout)));
    expect(parsed.subjects).toEqual(paperOf(trees, layout));
    expect(parsed.draft_data?.[0]?.answer).toBe('"subjects":[]');
    expect(parsed.exam_paper_instance_id).toBe(7);
  });
});
