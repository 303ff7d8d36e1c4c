import {
  SubjectInputSchema,
  subjectPoints,
  type ParsedSubjectInput,
} from '@lectern/contracts/exams/subject.schemas';
import type { FieldMessages, Message } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { isMessageKey } from '../../platform/messages.ts';
import type { SubjectTree } from './subjects.repository.ts';

type SubInput = ParsedSubjectInput['sub_subjects'][number];

/**
 * Question HTML (text, options, reference answer, explanation, matching items) is stored sanitised with
 * the spec's allowlist, so every reader — editor, paper, marking, exports — gets safe markup. Blank answers
 * are plain text compared by the grader, so they are left as typed.
 */
function cleanFields<T extends ParsedSubjectInput | SubInput>(input: T): T {
  return {
    ...input,
    description: sanitizeUserHtml(input.description),
    options: input.options.map((o) => ({ ...o, content: sanitizeUserHtml(o.content) })),
    answer: input.answer == null ? input.answer : sanitizeUserHtml(input.answer),
    answer_explanation:
      input.answer_explanation == null
        ? input.answer_explanation
        : sanitizeUserHtml(input.answer_explanation),
    pairs: input.pairs.map((p) => ({ ...p, content: sanitizeUserHtml(p.content) })),
  };
}

export type CheckedSubjects =
  { ok: true; subjects: ParsedSubjectInput[] } | { ok: false; fields: FieldMessages };

/**
 * Sanitises each question, then validates it again: sanitising can empty a text that only held markup
 * (a lone `<script>`), and the server trusts nothing it did not check itself. Problems are reported on
 * `<prefix>.<index>.<path>` (e.g. `subjects.0.options`), like request validation reports them.
 */
export function cleanAndCheckSubjects(
  inputs: readonly ParsedSubjectInput[],
  prefix: string,
  // The owner's rules (`subjectInputSchemaFor`): a questionnaire library's questions need no right answer.
  schema: typeof SubjectInputSchema = SubjectInputSchema,
): CheckedSubjects {
  const fields: FieldMessages = {};
  const subjects: ParsedSubjectInput[] = [];
  inputs.forEach((input, index) => {
    const cleaned = { ...cleanFields(input), sub_subjects: input.sub_subjects.map((s) => cleanFields(s)) };
    const parsed = schema.safeParse(cleaned);
    if (parsed.success) {
      subjects.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) {
      const key = [...(prefix ? [prefix, index] : []), ...issue.path].map(String).join('.');
      const message: Message = isMessageKey(issue.message) ? issue.message : 'error.validation_failed';
      (fields[key] ??= []).push(message);
    }
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, subjects };
}

/** The points a set of new questions adds to a paper. */
export function pointsOf(inputs: readonly ParsedSubjectInput[]): number {
  return roundPoints(inputs.reduce((sum, input) => sum + subjectPoints(input), 0));
}

/** Points are kept to one decimal; sums of doubles are rounded back so 0.1 + 0.2 reads 0.3. */
export function roundPoints(value: number): number {
  return Math.round(value * 10) / 10;
}

function treeFields(tree: SubjectTree) {
  return {
    description: tree.description,
    point: tree.point,
    difficulty_level: tree.difficultyLevel as 0 | 1 | 2 | 3,
    options: tree.options.map((o) => ({
      content: o.content,
      is_answer: o.isAnswer,
      sort: o.sort,
      ...(o.weight === null ? {} : { weight: o.weight }),
    })),
    answer: tree.answer,
    answer_explanation: tree.answerExplanation,
    blanks: tree.blanks.map((b) => ({ sort: b.sort, answers: [...b.answers] })),
    pairs: tree.pairs.map((p) => ({ sort: p.sort, content: p.content, option_sort: p.option_sort })),
    knowledge_node_ids: [...tree.knowledgeNodeIds],
    knowledge_node_names: [...tree.knowledgeNodeNames],
    note: tree.note,
    settings: { ...tree.settings },
  };
}

/** A stored question as the input that recreates it elsewhere (copies between libraries and exams). */
export function treeToInput(tree: SubjectTree): ParsedSubjectInput {
  return {
    type: tree.type,
    ...treeFields(tree),
    sub_subjects: tree.subSubjects.map((sub) => ({ type: sub.type as SubInput['type'], ...treeFields(sub) })),
  };
}
