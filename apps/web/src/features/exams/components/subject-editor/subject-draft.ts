import {
  OPTION_SUBJECT_TYPES,
  PARENT_SUBJECT_TYPES,
  SubjectInputSchema,
  type Subject,
  type SubjectInput,
  type SubjectType,
  type SubSubject,
} from '@lectern/contracts/exams/subject.schemas';

/**
 * What the question editor holds while an author types: the wire input with a stable key on every row,
 * so React keeps focus and state on the right option, blank or pair while rows move.
 */
export interface OptionDraft {
  key: string;
  content: string;
  is_answer: boolean;
  /** Partial credit an imported file gave (read-only here): what choosing this option earns. */
  weight?: number;
}

export interface BlankDraft {
  key: string;
  /** Every accepted answer for the blank; an empty row is one being typed. */
  answers: string[];
}

export interface PairDraft {
  key: string;
  content: string;
  /** Index of the right-hand item (an option) this left item pairs with; null until chosen. */
  option_sort: number | null;
}

export interface SubjectDraftBase {
  key: string;
  type: SubjectType;
  description: string;
  point: number | null;
  difficulty_level: 0 | 1 | 2 | 3;
  options: OptionDraft[];
  answer: string;
  answer_explanation: string;
  blanks: BlankDraft[];
  pairs: PairDraft[];
  case_sensitive: boolean;
  unordered_blanks: boolean;
  /** Kept as loaded: the knowledge graph is edited elsewhere (later issue). */
  knowledge_node_ids: number[];
  knowledge_node_names: string[];
  /** The teaching team's note (plain text, never shown to students); '' for none. */
  note: string;
}

export interface SubjectDraft extends SubjectDraftBase {
  sub_subjects: SubjectDraftBase[];
}

/**
 * A change to part of the draft, applied to that part as it is when the change applies. Rich-text fields
 * report keystrokes from their own input handling, outside React's events, so a keystroke and a click
 * (remove a row, tick an answer) may both apply before the dialog renders again: each must change only
 * what it is about, never write back a copy of the whole part as it was drawn.
 */
export type DraftChange<T> = (current: T) => T;

/** Field path (dot-joined, as the server sends it) → message shown under that field. */
export type FieldErrorMap = Readonly<Record<string, string>>;

let keySeed = 0;
export function nextKey(): string {
  keySeed += 1;
  return `k${keySeed}`;
}

export function isOptionType(type: SubjectType): boolean {
  return (OPTION_SUBJECT_TYPES as readonly SubjectType[]).includes(type);
}

export function isStemType(type: SubjectType): boolean {
  return (PARENT_SUBJECT_TYPES as readonly SubjectType[]).includes(type);
}

export function emptyOption(content = ''): OptionDraft {
  return { key: nextKey(), content, is_answer: false };
}

export function emptyBlank(): BlankDraft {
  return { key: nextKey(), answers: [''] };
}

export function emptyPair(): PairDraft {
  return { key: nextKey(), content: '', option_sort: null };
}

export interface TrueFalseLabels {
  true: string;
  false: string;
}

/** The rows a new question of `type` starts with, so the author only fills them in. */
function startingRows(type: SubjectType, labels: TrueFalseLabels) {
  switch (type) {
    case 'single_selection':
    case 'multiple_selection':
      return { options: [0, 1, 2, 3].map(() => emptyOption()), blanks: [], pairs: [] };
    case 'true_or_false':
      return { options: [emptyOption(labels.true), emptyOption(labels.false)], blanks: [], pairs: [] };
    case 'fill_in_blank':
      return { options: [], blanks: [emptyBlank()], pairs: [] };
    case 'matching':
      return {
        options: [emptyOption(), emptyOption()],
        blanks: [],
        pairs: [emptyPair(), emptyPair()],
      };
    default:
      return { options: [], blanks: [], pairs: [] };
  }
}

export function newSubDraft(type: SubjectType, labels: TrueFalseLabels): SubjectDraftBase {
  return {
    key: nextKey(),
    type,
    description: '',
    point: type === 'paragraph_desc' ? 0 : null,
    difficulty_level: 0,
    answer: '',
    answer_explanation: '',
    case_sensitive: false,
    unordered_blanks: false,
    knowledge_node_ids: [],
    knowledge_node_names: [],
    note: '',
    ...startingRows(type, labels),
  };
}

export function newDraft(type: SubjectType, labels: TrueFalseLabels): SubjectDraft {
  return {
    ...newSubDraft(type, labels),
    sub_subjects: isStemType(type) ? [newSubDraft('single_selection', labels)] : [],
  };
}

/**
 * Switching the type keeps what still makes sense (text, points, explanation, options between the two
 * choice types) and starts the type's own rows fresh otherwise.
 */
export function changeDraftType<D extends SubjectDraftBase>(
  draft: D,
  type: SubjectType,
  labels: TrueFalseLabels,
): D {
  if (draft.type === type) return draft;
  const fresh = newDraft(type, labels);
  const keepOptions =
    (draft.type === 'single_selection' || draft.type === 'multiple_selection') &&
    (type === 'single_selection' || type === 'multiple_selection');
  const next: D = {
    ...draft,
    type,
    point: type === 'paragraph_desc' ? 0 : draft.point,
    options: keepOptions
      ? // Partial credit belongs to the answers of one type: another type grades all or nothing.
        draft.options.map((o) => ({
          key: o.key,
          content: o.content,
          is_answer: type === 'single_selection' ? false : o.is_answer,
        }))
      : fresh.options,
    blanks: fresh.blanks,
    pairs: fresh.pairs,
  };
  if ('sub_subjects' in draft) {
    const subs = (draft as unknown as SubjectDraft).sub_subjects;
    const kept =
      type === 'cloze' ? subs.filter((s) => s.type === 'single_selection') : isStemType(type) ? subs : [];
    (next as unknown as SubjectDraft).sub_subjects =
      isStemType(type) && kept.length === 0 ? fresh.sub_subjects : kept;
  }
  return next;
}

function subDraftFrom(subject: SubSubject): SubjectDraftBase {
  const options = [...subject.options].sort((a, b) => a.sort - b.sort);
  return {
    key: nextKey(),
    type: subject.type,
    description: subject.description,
    point: subject.point,
    difficulty_level: [0, 1, 2, 3].includes(subject.difficulty_level)
      ? (subject.difficulty_level as 0 | 1 | 2 | 3)
      : 0,
    options: options.map((o) => ({
      key: nextKey(),
      content: o.content,
      is_answer: o.is_answer,
      ...(o.weight === undefined ? {} : { weight: o.weight }),
    })),
    answer: subject.answer ?? '',
    answer_explanation: subject.answer_explanation ?? '',
    blanks: [...subject.blanks]
      .sort((a, b) => a.sort - b.sort)
      .map((b) => ({ key: nextKey(), answers: b.answers.length > 0 ? [...b.answers] : [''] })),
    // Pairs point at options by their stored sort; the editor works with positions in the option list.
    pairs: [...subject.pairs]
      .sort((a, b) => a.sort - b.sort)
      .map((p) => {
        const index = options.findIndex((o) => o.sort === p.option_sort);
        return { key: nextKey(), content: p.content, option_sort: index >= 0 ? index : null };
      }),
    case_sensitive: subject.settings.case_sensitive ?? false,
    unordered_blanks: subject.settings.unordered_blanks ?? false,
    knowledge_node_ids: [...subject.knowledge_node_ids],
    knowledge_node_names: [...subject.knowledge_node_names],
    note: subject.note ?? '',
  };
}

/** A stored question as an editable draft (editing, or a copy's starting point). */
export function draftFromSubject(subject: Subject): SubjectDraft {
  const subs = [...subject.sub_subjects].sort((a, b) => a.sort - b.sort);
  return { ...subDraftFrom(subject), sub_subjects: subs.map(subDraftFrom) };
}

/** The points a stem counts for: the sum of its sub-questions (the server's own rule, subjectPoints). */
export function stemPoints(draft: SubjectDraft): number {
  const sum = draft.sub_subjects.reduce((total, sub) => total + (sub.point ?? 0), 0);
  return Math.round(sum * 10) / 10;
}

/** What the question counts for in the exam's total, as the server adds it up. */
export function draftPoints(draft: SubjectDraft): number {
  if (isStemType(draft.type)) return stemPoints(draft);
  return draft.type === 'paragraph_desc' ? 0 : (draft.point ?? 0);
}

function subInputFrom(draft: SubjectDraftBase): SubjectInput {
  const settings: { case_sensitive?: boolean; unordered_blanks?: boolean } = {};
  if (draft.type === 'fill_in_blank') {
    if (draft.case_sensitive) settings.case_sensitive = true;
    if (draft.unordered_blanks) settings.unordered_blanks = true;
  }
  const isMatching = draft.type === 'matching';
  return {
    type: draft.type,
    description: draft.description,
    point: draft.type === 'paragraph_desc' ? 0 : (draft.point ?? 0),
    difficulty_level: draft.difficulty_level,
    options: draft.options.map((o, index) => ({
      content: o.content,
      // Right-hand items of a matching question are not "correct" on their own: the pairs say what matches.
      is_answer: isMatching ? false : o.is_answer,
      sort: index,
      ...(o.weight === undefined ? {} : { weight: o.weight }),
    })),
    answer: draft.type === 'short_answer' || draft.answer.trim() !== '' ? draft.answer : null,
    answer_explanation: draft.answer_explanation.trim() === '' ? null : draft.answer_explanation,
    blanks: draft.blanks.map((b, index) => ({
      sort: index,
      answers: b.answers.map((a) => a.trim()).filter((a) => a !== ''),
    })),
    // An unchosen match is sent as -1 so the server (and the same rule here) names that row.
    pairs: draft.pairs.map((p, index) => ({
      sort: index,
      content: p.content,
      option_sort: p.option_sort ?? -1,
    })),
    knowledge_node_ids: draft.knowledge_node_ids,
    knowledge_node_names: draft.knowledge_node_names,
    note: draft.note.trim() === '' ? null : draft.note.trim(),
    settings,
  };
}

/** The request body for one question, exactly as the save calls take it. */
export function inputFromDraft(draft: SubjectDraft): SubjectInput {
  const base = subInputFrom(draft);
  if (!isStemType(draft.type)) return base;
  const subs = draft.sub_subjects.map(subInputFrom) as NonNullable<SubjectInput['sub_subjects']>;
  return { ...base, point: stemPoints(draft), sub_subjects: subs };
}

type IssueLike = { path: PropertyKey[]; message: string; minimum?: unknown; maximum?: unknown };

/**
 * The contract's own rules, checked as the server checks them; the first issue of each field wins.
 * `schema` is the owner's (`subjectInputSchemaFor`): a questionnaire library's questions need no answer.
 */
export function validateDraft(
  draft: SubjectDraft,
  translate: (issue: IssueLike) => string,
  schema: typeof SubjectInputSchema = SubjectInputSchema,
): FieldErrorMap {
  const result = schema.safeParse(inputFromDraft(draft));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= translate(issue as unknown as IssueLike);
  }
  return errors;
}

/**
 * Server field errors of one question, without the request's own prefix: adding to an exam answers
 * `subjects.0.options`, editing answers `options`; both show under the options. The points limit of a
 * paper is reported on `subjects` when adding (the batch as a whole) and on `point` when editing: with one
 * question in the batch, both belong under its points. Fields of other questions are dropped.
 */
export function subjectErrorsFromServer(errors: Readonly<Record<string, readonly string[]>>): FieldErrorMap {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    const own = /^subjects\.0\.(.+)$/.exec(path);
    if (own?.[1]) out[own[1]] ??= first;
    else if (path === 'subjects') out.point ??= first;
    else if (!/^subjects\.\d+/.test(path)) out[path] ??= first;
  }
  return out;
}

/**
 * Which input "owns" an error path, for showing errors only once the author has touched that input:
 * `options.2.content` → `options`, `sub_subjects.1.blanks.0.answers` → `sub_subjects.1.blanks`.
 */
export function errorGroup(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'sub_subjects' && parts.length >= 3) return parts.slice(0, 3).join('.');
  return parts[0] ?? path;
}

/** Errors under `prefix.` (a sub-question's), re-rooted so the sub-editor reads them like its own. */
export function errorsUnder(errors: FieldErrorMap, prefix: string): FieldErrorMap {
  const out: Record<string, string> = {};
  const start = `${prefix}.`;
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(start)) out[path.slice(start.length)] = message;
  }
  return out;
}
