import type { SubjectInput } from '../exams/subject.schemas.ts';
import { hasImportErrors, type ImportedSubject, type ImportedSubSubject } from './data-import.schemas.ts';

type SubSubjectInput = NonNullable<SubjectInput['sub_subjects']>[number];

function baseInput(s: ImportedSubject | ImportedSubSubject) {
  return {
    description: s.description,
    point: s.point,
    sort: s.sort,
    difficulty_level: s.difficulty_level,
    options: [...s.options]
      .sort((a, b) => a.sort - b.sort)
      .map((o, index) => ({
        content: o.content,
        is_answer: o.is_answer,
        sort: index,
        ...(o.weight === undefined ? {} : { weight: o.weight }),
      })),
    // Only a short answer's reference answer is answer text; choices and blanks carry theirs in options
    // and blanks, and the answer line as written would only be a stale copy.
    answer: s.type === 'short_answer' ? s.answer : null,
    answer_explanation: s.answer_explanation,
    blanks: [...s.blanks]
      .sort((a, b) => a.sort - b.sort)
      .map((b, index) => ({ sort: index, answers: [...b.answers] })),
    // Matching only: its left-hand items and the option each pairs with.
    ...(s.pairs && s.pairs.length > 0
      ? {
          pairs: [...s.pairs]
            .sort((a, b) => a.sort - b.sort)
            .map((p, index) => ({ sort: index, content: p.content, option_sort: p.option_sort })),
        }
      : {}),
    knowledge_node_names: [...s.knowledge_node_names],
    note: s.note,
    settings: { ...s.settings },
  };
}

/**
 * An imported question as the save calls take it (`POST …/subjects`): the parser's bookkeeping (errors, warnings,
 * number, line) is dropped, options and blanks are numbered in order. Used by the import page to save and
 * by the parser to check each question with the question editor's own rules.
 */
export function toSubjectInput(s: ImportedSubject | ImportedSubSubject): SubjectInput {
  const subs = 'sub_subjects' in s ? s.sub_subjects : [];
  return {
    type: s.type,
    ...baseInput(s),
    // A sub-question of another type than the editor allows is refused by SubjectInputSchema itself.
    sub_subjects: subs.map((sub) => ({ type: sub.type as SubSubjectInput['type'], ...baseInput(sub) })),
  };
}

/** How many questions have at least one error, their own or a sub-question's. */
export function importedErrorCount(subjects: readonly ImportedSubject[]): number {
  return subjects.filter((s) => hasImportErrors(s)).length;
}
