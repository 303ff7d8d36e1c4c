import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';

/**
 * A question as the interchange readers and writers see it: what the Moodle/GIFT/Aiken readers produce,
 * what the text and .docx writers consume (from stored subjects on export, from worked examples for the
 * templates). HTML in every text field; images as `<img src="/api/uploads/{id}/blob">`, equations as
 * MathML. No ids, no sort: order is the array's.
 */
export type QuestionModel = {
  type: SubjectType;
  description: string;
  point: number;
  /** none=0, hard=1, medium=2, easy=3 (spec 000 section 3). */
  difficulty_level: 0 | 1 | 2 | 3;
  /** `weight`: partial credit, the share of the points the option earns when chosen (choice questions). */
  options: { content: string; is_answer: boolean; weight?: number }[];
  /**
   * Fill in the blank: every accepted answer of each blank, in stem order. A numeric answer with a
   * tolerance is written `3.14±0.01` or `3.141..3.142`, its numbers as the file wrote them.
   */
  blanks: { answers: string[] }[];
  /** Matching: the left-hand item and the option (index into options) it pairs with. */
  pairs: { content: string; option_index: number }[];
  /** Short answer reference answer (HTML). */
  answer: string | null;
  answer_explanation: string | null;
  knowledge_node_names: string[];
  /** The teaching team's note (a Moodle or GIFT question name), stored with the question. */
  note: string | null;
  /** Where the file filed the question (Moodle's category path as written); top-level questions only. */
  category: string | null;
  settings: { case_sensitive?: boolean; unordered_blanks?: boolean };
  /**
   * What the source file had that this question lost on import (partial credit, a tolerance, a picture), in
   * the reader's locale: written as import-note lines, so the warning stays on its question in the preview.
   */
  notes: string[];
  sub_subjects: QuestionModel[];
};

export function emptyQuestion(type: SubjectType): QuestionModel {
  return {
    type,
    description: '',
    point: 0,
    difficulty_level: 0,
    options: [],
    blanks: [],
    pairs: [],
    answer: null,
    answer_explanation: null,
    knowledge_node_names: [],
    note: null,
    category: null,
    settings: {},
    notes: [],
    sub_subjects: [],
  };
}
