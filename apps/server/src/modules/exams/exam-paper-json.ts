import fastJson from 'fast-json-stringify';
import {
  DistributeResponseSchema,
  type DistributeResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { PaperSubjectSchema, PaperSubSubjectSchema } from '@lectern/contracts/exams/subject.schemas';
import { responseJsonSchema } from '../../platform/http/serialization.ts';
import type { PaperLayout } from './exam-taking.repository.ts';
import { toPaperSubject } from './subjects.presenter.ts';
import type { SubjectTree } from './subjects.repository.ts';

/*
 * A student's paper is the same questions for the whole class, in each attempt's own order. So each
 * question is written as JSON once per paper version, split where its options (and sub-questions) go, and
 * a paper is put together by concatenation in the attempt's order. Written by fast-json-stringify from the
 * contracts, as the route's serializer would; `paperOf` stays the reference, and a test holds the two equal.
 */

type Compiled = Parameters<typeof fastJson>[0];
const compile = (schema: Parameters<typeof responseJsonSchema>[0]) =>
  fastJson(responseJsonSchema(schema) as unknown as Compiled);
const stringifySubject = compile(PaperSubjectSchema);
const stringifySubSubject = compile(PaperSubSubjectSchema);
const stringifyOption = compile(PaperSubSubjectSchema.shape.options.element);
const stringifyResponse = compile(DistributeResponseSchema);

const OPTIONS_KEY = '"options":[]';
const SUBJECTS_KEY = '"subjects":[]';

type Piece = {
  id: number;
  /** The question's JSON up to its options' opening bracket. */
  head: string;
  options: ReadonlyMap<number, string>;
  /** Option ids in the question's own order, for a question the layout gives no order for. */
  ownOrder: readonly number[];
  /** From the options' closing bracket to the end (a top-level question: to its sub-questions' opening bracket). */
  tail: string;
  /** Sub-questions in their own order (a layout reorders only their options). */
  subs: readonly Piece[];
};

/**
 * Splits `json` between the brackets of the first `key` (an empty array). The first is the contract's own
 * key: a string value cannot hold it, since its quotes are escaped.
 */
function splitAt(json: string, key: string): [string, string] {
  const at = json.indexOf(key);
  if (at < 0) throw new Error(`paper JSON without ${key}`);
  const close = at + key.length - 1;
  return [json.slice(0, close), json.slice(close)];
}

function pieceOf(tree: SubjectTree, top: boolean): Piece {
  const presented = toPaperSubject(tree, () => []);
  const json = top ? stringifySubject({ ...presented, sub_subjects: [] }) : stringifySubSubject(presented);
  const [head, rest] = splitAt(json, OPTIONS_KEY);
  const options = new Map<number, string>();
  const ownOrder: number[] = [];
  for (const option of tree.options) {
    options.set(option.id, stringifyOption({ id: option.id, sort: option.sort, content: option.content }));
    ownOrder.push(option.id);
  }
  // `sub_subjects` is the contract's last field: a top-level question's JSON ends with `[]}`, and its
  // tail stops inside those brackets.
  const tail = top ? rest.slice(0, -']}'.length) : rest;
  return {
    id: tree.id,
    head,
    options,
    ownOrder,
    tail,
    subs: top ? tree.subSubjects.map((sub) => pieceOf(sub, false)) : [],
  };
}

export type PaperJson = ReadonlyMap<number, Piece>;

const built = new WeakMap<readonly SubjectTree[], PaperJson>();

/** The paper's questions as JSON pieces, made once per loaded paper (the trees are cached per version). */
export function paperJson(trees: readonly SubjectTree[]): PaperJson {
  let pieces = built.get(trees);
  if (!pieces) {
    pieces = new Map(trees.map((tree) => [tree.id, pieceOf(tree, true)]));
    built.set(trees, pieces);
  }
  return pieces;
}

function write(piece: Piece, order: ReadonlyMap<number, readonly number[]>, out: string[]): void {
  out.push(piece.head);
  let first = true;
  for (const id of order.get(piece.id) ?? piece.ownOrder) {
    const option = piece.options.get(id);
    if (option === undefined) continue;
    if (!first) out.push(',');
    out.push(option);
    first = false;
  }
  out.push(piece.tail);
}

/** `paperOf(trees, layout)` as the contract's JSON array. */
export function paperSubjectsJson(trees: readonly SubjectTree[], layout: PaperLayout): string {
  const pieces = paperJson(trees);
  const order = new Map<number, readonly number[]>();
  for (const top of layout) {
    order.set(top.subject_id, top.option_ids);
    for (const sub of top.sub) order.set(sub.subject_id, sub.option_ids);
  }
  const out: string[] = ['['];
  let first = true;
  for (const entry of layout) {
    const piece = pieces.get(entry.subject_id);
    // A question deleted since the attempt started is left out.
    if (!piece) continue;
    if (!first) out.push(',');
    first = false;
    write(piece, order, out);
    piece.subs.forEach((sub, index) => {
      if (index > 0) out.push(',');
      write(sub, order, out);
    });
    out.push(']}');
  }
  out.push(']');
  return out.join('');
}

/** The distribute answer with its paper written from the pieces. */
export function distributeJson(
  response: Omit<DistributeResponse, 'subjects'>,
  trees: readonly SubjectTree[],
  layout: PaperLayout,
): string {
  const [before, after] = splitAt(stringifyResponse({ ...response, subjects: [] }), SUBJECTS_KEY);
  return `${before.slice(0, -1)}${paperSubjectsJson(trees, layout)}${after.slice(1)}`;
}
