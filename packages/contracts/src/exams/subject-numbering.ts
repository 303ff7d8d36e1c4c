import type { SubjectType } from './subject.schemas.ts';

/** What numbering needs of a question: its id, its type and its sub-questions (stems only). */
export interface NumberedSubjectInput {
  id: number;
  type: SubjectType;
  sub_subjects?: readonly { id: number }[] | undefined;
}

export interface SubjectNumbers {
  /** Top-level questions by id: 1, 2, 3… in paper order; a text block (paragraph_desc) has none. */
  top: Map<number, number>;
  /** Sub-questions by id: their stem's number and their own position (1-based) under it. */
  sub: Map<number, { parent: number; sub: number }>;
}

/**
 * The one numbering rule for a paper, shared by the editor, the taking page, the result page and the
 * marking picker: questions are numbered in paper order and text blocks take no number, so "question 8"
 * is the same question wherever a student or a teacher reads it.
 */
export function subjectNumbers(paper: readonly NumberedSubjectInput[]): SubjectNumbers {
  const top = new Map<number, number>();
  const sub = new Map<number, { parent: number; sub: number }>();
  for (const subject of paper) {
    if (subject.type === 'paragraph_desc') continue;
    const number = top.size + 1;
    top.set(subject.id, number);
    (subject.sub_subjects ?? []).forEach((child, index) =>
      sub.set(child.id, { parent: number, sub: index + 1 }),
    );
  }
  return { top, sub };
}

/** "8" for a question, "8.2" for a sub-question, null for a text block or an id not on the paper. */
export function subjectNumberLabel(numbers: SubjectNumbers, id: number): string | null {
  const top = numbers.top.get(id);
  if (top !== undefined) return String(top);
  const child = numbers.sub.get(id);
  return child ? `${child.parent}.${child.sub}` : null;
}
