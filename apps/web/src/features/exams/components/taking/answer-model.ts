import type { ExamAnswer } from '@lectern/contracts/exams/exam-taking.schemas';
import { subjectNumbers } from '@lectern/contracts/exams/subject-numbering';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';

/** What a student has entered for one answerable question (a leaf: never a stem or a text block). */
export interface AnswerValue {
  answer_option_ids: number[];
  answer: string | null;
  answers: { sort: number; content: string }[];
}

/** Answers by subject id (sub-questions by their own id). */
export type AnswerMap = Readonly<Record<number, AnswerValue>>;

type PaperLeaf = Omit<PaperSubject, 'sub_subjects'>;

export const EMPTY_ANSWER: AnswerValue = { answer_option_ids: [], answer: null, answers: [] };

/** Stems hold sub-questions and are answered through them; a text block is not answered at all. */
export function isStem(subject: Pick<PaperSubject, 'type'>): boolean {
  return subject.type === 'analysis' || subject.type === 'cloze';
}

export function isAnswerable(subject: Pick<PaperSubject, 'type'>): boolean {
  return subject.type !== 'paragraph_desc' && !isStem(subject);
}

/** Every answerable question on the paper, in paper order, with the stem it belongs to. */
export function answerableLeaves(
  paper: readonly PaperSubject[],
): { leaf: PaperLeaf; parentId: number | null }[] {
  return paper.flatMap((subject): { leaf: PaperLeaf; parentId: number | null }[] => {
    if (isStem(subject)) return subject.sub_subjects.map((leaf) => ({ leaf, parentId: subject.id }));
    return isAnswerable(subject) ? [{ leaf: subject, parentId: null }] : [];
  });
}

/**
 * Whether every part of a question has an answer: one option at least, every blank filled, every left
 * item of a matching question paired, text written. A half-filled question counts as unanswered, so the
 * navigator and the submit confirmation point at it.
 */
export function isLeafAnswered(leaf: PaperLeaf, value: AnswerValue | undefined): boolean {
  if (!value) return false;
  switch (leaf.type) {
    case 'single_selection':
    case 'multiple_selection':
    case 'true_or_false':
      return value.answer_option_ids.length > 0;
    case 'fill_in_blank':
      return (
        leaf.blank_count > 0 &&
        Array.from({ length: leaf.blank_count }, (_, index) => index).every((sort) =>
          value.answers.some((a) => a.sort === sort && a.content.trim() !== ''),
        )
      );
    case 'matching':
      return leaf.pairs.every((pair) => value.answers.some((a) => a.sort === pair.sort && a.content !== ''));
    case 'short_answer':
      return (value.answer ?? '').trim() !== '';
    default:
      return true;
  }
}

/** A top-level question is answered when it (or every one of its sub-questions) is. */
export function isSubjectAnswered(subject: PaperSubject, answers: AnswerMap): boolean {
  if (isStem(subject)) {
    return (
      subject.sub_subjects.length > 0 &&
      subject.sub_subjects.every((leaf) => isLeafAnswered(leaf, answers[leaf.id]))
    );
  }
  return isLeafAnswered(subject, answers[subject.id]);
}

/** The questions a student is asked to answer and counted in the navigator (text blocks are not). */
export function numberedSubjects(paper: readonly PaperSubject[]): PaperSubject[] {
  return paper.filter((subject) => subject.type !== 'paragraph_desc');
}

/** Each numbered question's number (1, 2, …) by id; text blocks have none. */
export function questionNumbers(paper: readonly PaperSubject[]): Map<number, number> {
  return subjectNumbers(paper).top;
}

export function unansweredCount(paper: readonly PaperSubject[], answers: AnswerMap): number {
  return numberedSubjects(paper).filter((subject) => !isSubjectAnswered(subject, answers)).length;
}

function cleanValue(leaf: PaperLeaf, value: AnswerValue): AnswerValue {
  switch (leaf.type) {
    case 'single_selection':
    case 'true_or_false':
      return { answer_option_ids: value.answer_option_ids.slice(0, 1), answer: null, answers: [] };
    case 'multiple_selection': {
      // In the paper's option order, so the same choice always travels the same way.
      const chosen = new Set(value.answer_option_ids);
      return {
        answer_option_ids: leaf.options.filter((o) => chosen.has(o.id)).map((o) => o.id),
        answer: null,
        answers: [],
      };
    }
    case 'fill_in_blank':
      return {
        answer_option_ids: [],
        answer: null,
        answers: value.answers
          .filter((a) => a.sort >= 0 && a.sort < leaf.blank_count && a.content !== '')
          .sort((a, b) => a.sort - b.sort),
      };
    case 'matching': {
      const sorts = new Set(leaf.pairs.map((p) => p.sort));
      return {
        answer_option_ids: [],
        answer: null,
        answers: value.answers
          .filter((a) => sorts.has(a.sort) && a.content !== '')
          .sort((a, b) => a.sort - b.sort),
      };
    }
    case 'short_answer':
      return { answer_option_ids: [], answer: value.answer === '' ? null : value.answer, answers: [] };
    default:
      return EMPTY_ANSWER;
  }
}

/**
 * The paper's answers as the submissions call takes them: one entry per answerable question in paper
 * order (unanswered ones empty, so the server records them as blank), sub-questions with their stem's id.
 */
export function toWireAnswers(paper: readonly PaperSubject[], answers: AnswerMap): ExamAnswer[] {
  return answerableLeaves(paper).map(({ leaf, parentId }) => ({
    subject_id: leaf.id,
    parent_id: parentId,
    ...cleanValue(leaf, answers[leaf.id] ?? EMPTY_ANSWER),
  }));
}

/** Answers saved earlier (a draft or a submission) back into the form, keeping only this paper's questions. */
export function fromWireAnswers(
  paper: readonly PaperSubject[],
  saved: readonly Partial<ExamAnswer>[] | null | undefined,
): Record<number, AnswerValue> {
  const ids = new Set(answerableLeaves(paper).map(({ leaf }) => leaf.id));
  const out: Record<number, AnswerValue> = {};
  for (const entry of saved ?? []) {
    if (entry.subject_id === undefined || !ids.has(entry.subject_id)) continue;
    out[entry.subject_id] = {
      answer_option_ids: entry.answer_option_ids ?? [],
      answer: entry.answer ?? null,
      answers: entry.answers ?? [],
    };
  }
  return out;
}
