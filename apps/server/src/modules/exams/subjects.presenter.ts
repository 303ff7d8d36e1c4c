import type { PaperSubject, Subject, SubSubject } from '@lectern/contracts/exams/subject.schemas';
import type { SubjectTree } from './subjects.repository.ts';

/** A question as its authors see it, answers included. */
export function toSubject(tree: SubjectTree): Subject {
  return { ...toSubSubject(tree), sub_subjects: tree.subSubjects.map(toSubSubject) };
}

function toSubSubject(tree: SubjectTree): SubSubject {
  return {
    id: tree.id,
    type: tree.type,
    description: tree.description,
    point: tree.point,
    sort: tree.sort,
    difficulty_level: tree.difficultyLevel,
    options: tree.options.map((o) => ({
      id: o.id,
      sort: o.sort,
      content: o.content,
      is_answer: o.isAnswer,
      ...(o.weight === null ? {} : { weight: o.weight }),
    })),
    answer: tree.answer,
    answer_explanation: tree.answerExplanation,
    blanks: tree.blanks,
    pairs: tree.pairs,
    settings: tree.settings,
    knowledge_node_ids: tree.knowledgeNodeIds,
    knowledge_node_names: tree.knowledgeNodeNames,
    note: tree.note,
    parent_id: tree.parentId,
    lib_id: tree.libId,
    exam_id: tree.activityId,
    is_makeup_exam: tree.isMakeup,
    created_by: tree.createdBy === null ? null : { id: tree.createdBy, name: tree.creatorName ?? '' },
    created_at: tree.createdAt.toISOString(),
    updated_at: tree.updatedAt.toISOString(),
  };
}

/**
 * A question as it appears on a student's paper: nothing that gives the answer away. `optionOrder` is the
 * paper instance's option order for this question (random when the exam asks for it).
 */
export function toPaperSubject(
  tree: SubjectTree,
  optionOrder: (subjectId: number) => readonly number[] | undefined,
): PaperSubject {
  const paper = (t: SubjectTree) => {
    const order = optionOrder(t.id);
    const byId = new Map(t.options.map((o) => [o.id, o]));
    const options = order
      ? order.flatMap((id) => {
          const option = byId.get(id);
          return option ? [option] : [];
        })
      : t.options;
    return {
      id: t.id,
      type: t.type,
      description: t.description,
      point: t.point,
      sort: t.sort,
      options: options.map((o) => ({ id: o.id, sort: o.sort, content: o.content })),
      blank_count: t.blanks.length,
      pairs: t.pairs.map((p) => ({ sort: p.sort, content: p.content })),
      parent_id: t.parentId,
    };
  };
  return { ...paper(tree), sub_subjects: tree.subSubjects.map(paper) };
}
