import { randomInt } from 'node:crypto';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import type { PaperLayout } from './exam-taking.repository.ts';
import { toPaperSubject } from './subjects.presenter.ts';
import type { SubjectTree } from './subjects.repository.ts';

/** Types whose options a random option order may shuffle (true/false keeps its fixed two). */
const SHUFFLED_OPTION_TYPES = new Set(['single_selection', 'multiple_selection', 'matching']);

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    const picked = out[j] as T;
    out[j] = out[i] as T;
    out[i] = picked;
  }
  return out;
}

/**
 * One attempt's order of questions and options, fixed when the attempt starts so a reload shows the same
 * paper. Sub-questions keep their order (a cloze's gaps follow its text); their options may shuffle.
 */
export function buildLayout(
  trees: readonly SubjectTree[],
  settings: { random_subject_order: boolean; random_option_order: boolean },
): PaperLayout {
  const optionIds = (tree: SubjectTree) => {
    const ids = tree.options.map((o) => o.id);
    return settings.random_option_order && SHUFFLED_OPTION_TYPES.has(tree.type) ? shuffled(ids) : ids;
  };
  const ordered = settings.random_subject_order ? shuffled(trees) : [...trees];
  return ordered.map((tree) => ({
    subject_id: tree.id,
    option_ids: optionIds(tree),
    sub: tree.subSubjects.map((sub) => ({ subject_id: sub.id, option_ids: optionIds(sub) })),
  }));
}

/** What a paper instance allows answers for: each question and sub-question, its stem and its options. */
export type PaperIndex = Map<number, { parentId: number | null; optionIds: ReadonlySet<number> }>;

export function indexLayout(layout: PaperLayout): PaperIndex {
  const index: PaperIndex = new Map();
  for (const top of layout) {
    index.set(top.subject_id, { parentId: null, optionIds: new Set(top.option_ids) });
    for (const sub of top.sub) {
      index.set(sub.subject_id, { parentId: top.subject_id, optionIds: new Set(sub.option_ids) });
    }
  }
  return index;
}

/** The questions in the layout's order; a question deleted since the attempt started is left out. */
export function orderByLayout(trees: readonly SubjectTree[], layout: PaperLayout): SubjectTree[] {
  const byId = new Map(trees.map((t) => [t.id, t]));
  return layout.flatMap((entry) => {
    const tree = byId.get(entry.subject_id);
    return tree ? [tree] : [];
  });
}

/** The student's paper: questions and options in the instance's order, nothing that gives answers away. */
export function paperOf(trees: readonly SubjectTree[], layout: PaperLayout): PaperSubject[] {
  const order = new Map<number, number[]>();
  for (const top of layout) {
    order.set(top.subject_id, top.option_ids);
    for (const sub of top.sub) order.set(sub.subject_id, sub.option_ids);
  }
  return orderByLayout(trees, layout).map((tree) => toPaperSubject(tree, (id) => order.get(id)));
}
