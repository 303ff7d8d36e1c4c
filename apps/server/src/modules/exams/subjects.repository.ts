import { and, asc, eq, ilike, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { ParsedSubjectInput, SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { subjectKnowledgeNodes, subjectNotDeleted, subjectOptions, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import type { Executor } from '../../platform/database.ts';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectOptionRow = typeof subjectOptions.$inferSelect;

/** A question with what hangs off it, as one unit: options, knowledge links and (for stems) sub-questions. */
export type SubjectTree = SubjectRow & {
  type: SubjectType;
  creatorName: string | null;
  options: SubjectOptionRow[];
  knowledgeNodeIds: number[];
  subSubjects: SubjectTree[];
};

/**
 * Who holds a set of questions: a library, an exam / classroom exam (activity) and its paper, or a quiz in
 * an online video.
 */
export type SubjectOwner =
  { libId: number } | { activityId: number; isMakeup: boolean } | { videoQuizId: number };

export type SubjectFilter = { keyword?: string | undefined; type?: SubjectType | undefined };

/** The owner's questions not in a recycle bin (decision 0015): every read by owner goes through here. */
function ownerWhere(owner: SubjectOwner): SQL {
  const own =
    'libId' in owner
      ? eq(subjects.libId, owner.libId)
      : 'videoQuizId' in owner
        ? eq(subjects.videoQuizId, owner.videoQuizId)
        : sql`${subjects.activityId} = ${owner.activityId} and ${subjects.isMakeup} = ${owner.isMakeup}`;
  return and(own, subjectNotDeleted) as SQL;
}

/** The id an insert returned for its index-th value (one row per value, in order). */
function returnedId(rows: readonly { id: number }[], index: number): number {
  const row = rows[index];
  if (!row) throw new Error('insert returned fewer rows than values');
  return row.id;
}

function pushTo<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function ownerValues(owner: SubjectOwner) {
  if ('libId' in owner) return { libId: owner.libId, activityId: null, videoQuizId: null, isMakeup: false };
  if ('videoQuizId' in owner)
    return { libId: null, activityId: null, videoQuizId: owner.videoQuizId, isMakeup: false };
  return { libId: null, activityId: owner.activityId, videoQuizId: null, isMakeup: owner.isMakeup };
}

/**
 * Questions live in three tables; every read assembles whole trees with three indexed queries however
 * many questions there are (a paper is read on every exam start, so no per-question round trips).
 */
export const subjectsRepository = {
  async loadTrees(owner: SubjectOwner, filter: SubjectFilter, tx: Executor): Promise<SubjectTree[]> {
    const conditions: SQL[] = [ownerWhere(owner)];
    // Filters apply to top-level questions; a matching stem brings all its sub-questions.
    const topConditions: SQL[] = [isNull(subjects.parentId)];
    if (filter.type) topConditions.push(eq(subjects.type, filter.type));
    if (filter.keyword) {
      const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      topConditions.push(ilike(subjects.description, pattern));
    }
    const rows = await tx
      .select({ subject: subjects, creatorName: users.name })
      .from(subjects)
      .leftJoin(users, eq(users.id, subjects.createdBy))
      .where(and(...conditions))
      .orderBy(asc(subjects.sort), asc(subjects.id));
    const all = rows.map((r) => ({ ...r.subject, creatorName: r.creatorName }));
    const tops = all.filter((s) => s.parentId === null);
    const keptTops =
      topConditions.length > 1
        ? await filterTops(
            tops.map((s) => s.id),
            topConditions,
            tx,
          )
        : new Set(tops.map((s) => s.id));
    const kept = all.filter((s) => keptTops.has(s.id) || (s.parentId !== null && keptTops.has(s.parentId)));
    return assemble(kept, tx);
  },

  async loadByIds(ids: readonly number[], tx: Executor): Promise<SubjectTree[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ subject: subjects, creatorName: users.name })
      .from(subjects)
      .leftJoin(users, eq(users.id, subjects.createdBy))
      .where(and(sql`(${subjects.id} in ${ids} or ${subjects.parentId} in ${ids})`, subjectNotDeleted))
      .orderBy(asc(subjects.sort), asc(subjects.id));
    return assemble(
      rows.map((r) => ({ ...r.subject, creatorName: r.creatorName })),
      tx,
    );
  },

  async findById(id: number, tx: Executor): Promise<SubjectRow | undefined> {
    const [row] = await tx
      .select()
      .from(subjects)
      .where(and(eq(subjects.id, id), subjectNotDeleted));
    return row;
  },

  /** The next free sort position after the owner's questions (imports and copies append). */
  async maxSort(owner: SubjectOwner, tx: Executor): Promise<number> {
    const [row] = await tx
      .select({ value: max(subjects.sort) })
      .from(subjects)
      .where(and(ownerWhere(owner), isNull(subjects.parentId)));
    return row?.value ?? 0;
  },

  /**
   * Inserts whole question trees for an owner, top-level sorts continuing after `startSort`. One insert
   * per table level, so saving 200 imported questions is a handful of statements.
   */
  async insertTrees(
    owner: SubjectOwner,
    inputs: readonly ParsedSubjectInput[],
    createdBy: number,
    startSort: number,
    tx: Executor,
  ): Promise<number[]> {
    if (inputs.length === 0) return [];
    const base = ownerValues(owner);
    const tops = await tx
      .insert(subjects)
      .values(
        inputs.map((input, index) => ({
          ...base,
          ...subjectColumns(input),
          sort: startSort + index + 1,
          createdBy,
        })),
      )
      .returning({ id: subjects.id });
    const subRows = inputs.flatMap((input, index) =>
      (input.sub_subjects ?? []).map((sub, subIndex) => ({
        input: sub as ParsedSubjectInput,
        parentId: returnedId(tops, index),
        sort: subIndex + 1,
      })),
    );
    const subs =
      subRows.length === 0
        ? []
        : await tx
            .insert(subjects)
            .values(
              subRows.map((s) => ({
                ...base,
                ...subjectColumns(s.input),
                parentId: s.parentId,
                sort: s.sort,
                createdBy,
              })),
            )
            .returning({ id: subjects.id });
    const written = [
      ...inputs.map((input, i) => ({ id: returnedId(tops, i), input })),
      ...subRows.map((s, i) => ({ id: returnedId(subs, i), input: s.input })),
    ];
    await insertChildren(written, tx);
    return tops.map((t) => t.id);
  },

  /** Replaces one question's content (options, blanks, links, sub-questions) keeping its id, owner and sort. */
  async replaceTree(id: number, input: ParsedSubjectInput, tx: Executor): Promise<void> {
    const [current] = await tx.select().from(subjects).where(eq(subjects.id, id));
    if (!current) return;
    await tx
      .update(subjects)
      .set({ ...subjectColumns(input), updatedAt: new Date() })
      .where(eq(subjects.id, id));
    await tx.delete(subjectOptions).where(eq(subjectOptions.subjectId, id));
    await tx.delete(subjectKnowledgeNodes).where(eq(subjectKnowledgeNodes.subjectId, id));
    await tx.delete(subjects).where(eq(subjects.parentId, id));
    const subInputs = (input.sub_subjects ?? []) as ParsedSubjectInput[];
    const subs =
      subInputs.length === 0
        ? []
        : await tx
            .insert(subjects)
            .values(
              subInputs.map((sub, index) => ({
                libId: current.libId,
                activityId: current.activityId,
                videoQuizId: current.videoQuizId,
                isMakeup: current.isMakeup,
                ...subjectColumns(sub),
                parentId: id,
                sort: index + 1,
                createdBy: current.createdBy,
              })),
            )
            .returning({ id: subjects.id });
    await insertChildren(
      [{ id, input }, ...subInputs.map((sub, i) => ({ id: returnedId(subs, i), input: sub }))],
      tx,
    );
  },

  async deleteByIds(ids: readonly number[], tx: Executor): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(subjects).where(inArray(subjects.id, [...ids]));
  },

  /** Applies a whole new order in one statement, however many questions are moved. */
  async setSorts(order: readonly { id: number; sort: number }[], tx: Executor): Promise<void> {
    if (order.length === 0) return;
    const list = (values: number[]) =>
      sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      );
    await tx.execute(sql`
      update ${subjects} set sort = moved.sort
      from (
        select unnest(array[${list(order.map((o) => o.id))}]::int[]) as id,
               unnest(array[${list(order.map((o) => o.sort))}]::int[]) as sort
      ) as moved
      where ${subjects.id} = moved.id`);
  },
};

async function filterTops(ids: number[], conditions: SQL[], tx: Executor): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, ids), ...conditions));
  return new Set(rows.map((r) => r.id));
}

function subjectColumns(input: ParsedSubjectInput) {
  return {
    type: input.type,
    description: input.description,
    point: input.point,
    difficultyLevel: input.difficulty_level,
    answer: input.answer ?? null,
    answerExplanation: input.answer_explanation ?? null,
    blanks: input.blanks.map((b, i) => ({ sort: b.sort ?? i, answers: b.answers.filter((a) => a !== '') })),
    pairs: input.pairs.map((p, i) => ({ sort: p.sort ?? i, content: p.content, option_sort: p.option_sort })),
    settings: input.settings,
    knowledgeNodeNames: [...new Set(input.knowledge_node_names)],
    note: input.note === undefined || input.note === '' ? null : input.note,
  };
}

async function insertChildren(written: { id: number; input: ParsedSubjectInput }[], tx: Executor) {
  const options = written.flatMap(({ id, input }) =>
    input.options.map((o, index) => ({
      subjectId: id,
      sort: index,
      content: o.content,
      isAnswer: o.is_answer,
      weight: o.weight ?? null,
    })),
  );
  if (options.length > 0) await tx.insert(subjectOptions).values(options);
  const links = written.flatMap(({ id, input }) =>
    [...new Set(input.knowledge_node_ids)].map((nodeId) => ({ subjectId: id, knowledgeNodeId: nodeId })),
  );
  if (links.length > 0) await tx.insert(subjectKnowledgeNodes).values(links);
}

async function assemble(
  rows: (SubjectRow & { creatorName: string | null })[],
  tx: Executor,
): Promise<SubjectTree[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [options, links] = await Promise.all([
    tx
      .select()
      .from(subjectOptions)
      .where(inArray(subjectOptions.subjectId, ids))
      .orderBy(asc(subjectOptions.subjectId), asc(subjectOptions.sort), asc(subjectOptions.id)),
    tx.select().from(subjectKnowledgeNodes).where(inArray(subjectKnowledgeNodes.subjectId, ids)),
  ]);
  const optionsBy = new Map<number, SubjectOptionRow[]>();
  for (const o of options) pushTo(optionsBy, o.subjectId, o);
  const linksBy = new Map<number, number[]>();
  for (const l of links) pushTo(linksBy, l.subjectId, l.knowledgeNodeId);
  const trees = new Map<number, SubjectTree>();
  for (const row of rows) {
    trees.set(row.id, {
      ...row,
      type: row.type as SubjectType,
      options: optionsBy.get(row.id) ?? [],
      knowledgeNodeIds: (linksBy.get(row.id) ?? []).sort((a, b) => a - b),
      subSubjects: [],
    });
  }
  const tops: SubjectTree[] = [];
  for (const tree of trees.values()) {
    const parent = tree.parentId === null ? undefined : trees.get(tree.parentId);
    if (parent) parent.subSubjects.push(tree);
    else if (tree.parentId === null) tops.push(tree);
  }
  return tops;
}
