import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import type { FieldMessages } from '../../platform/errors.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import { knowledgeImportRepository } from './knowledge-import.repository.ts';

const nextRootSort = (nodes: readonly { parentId: number | null; sort: number }[]) =>
  nodes.filter((n) => n.parentId === null).reduce((max, n) => Math.max(max, n.sort + 1), 0);

/**
 * Links questions that name knowledge points (the Word import's knowledge_node_names) to the course's nodes
 * of those names, creating the missing ones as top-level nodes, in the caller's transaction. Called by the
 * exams slice when questions are added to an exam paper; a library question has no course and keeps its names.
 */
export async function linkNamedSubjects(
  ctx: Pick<AppContext, 'db'>,
  courseId: number,
  subjectIds: readonly number[],
  userId: number,
  tx: Executor,
): Promise<void> {
  const repo = knowledgeImportRepository(ctx.db);
  const named = await repo.namedSubjects(subjectIds, tx);
  if (named.length === 0) return;
  await knowledgeGraphRepository(ctx.db).lockCourseGraph(courseId, tx);
  const nodes = await repo.liveNodes(courseId, tx);
  const byName = new Map<string, number>();
  for (const n of [...nodes].sort((a, b) => a.id - b.id)) if (!byName.has(n.name)) byName.set(n.name, n.id);
  const missing = [
    ...new Set(
      named.flatMap((s) => s.names.map((name) => name.trim().slice(0, KNOWLEDGE_GRAPH_LIMITS.nameMax))),
    ),
  ].filter((name) => name !== '' && !byName.has(name));
  // Past the course's node limit the names stay names only: a question save never fails for the graph.
  const room = Math.max(0, KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse - nodes.length);
  const creating = missing.slice(0, room);
  if (creating.length > 0) {
    const written = await repo.insertTree(
      courseId,
      null,
      nextRootSort(nodes),
      creating.map((name) => ({ name })),
      userId,
      tx,
    );
    creating.forEach((name, index) => {
      const id = written.ids[index];
      if (id !== undefined) byName.set(name, id);
    });
  }
  const links = named.flatMap((s) =>
    s.names.flatMap((name) => {
      const id = byName.get(name.trim().slice(0, KNOWLEDGE_GRAPH_LIMITS.nameMax));
      return id === undefined ? [] : [{ subjectId: s.id, knowledgeNodeId: id }];
    }),
  );
  await repo.linkSubjects(links, tx);
}

/**
 * Field errors for questions that name knowledge nodes which are not live nodes of the course (another
 * course's, deleted, or made up): keyed `{field}.{index}.knowledge_node_ids`, like the other checks of a save.
 */
export async function foreignKnowledgeNodes(
  ctx: Pick<AppContext, 'db'>,
  courseId: number,
  questions: readonly { knowledge_node_ids?: readonly number[] | undefined }[],
  field: string,
  tx: Executor = ctx.db,
): Promise<FieldMessages> {
  const named = [...new Set(questions.flatMap((q) => q.knowledge_node_ids ?? []))];
  const live = new Set(await knowledgeGraphRepository(ctx.db).liveNodeIdsIn(courseId, named, tx));
  const fields: FieldMessages = {};
  questions.forEach((question, index) => {
    if ((question.knowledge_node_ids ?? []).some((id) => !live.has(id))) {
      fields[[field, String(index), 'knowledge_node_ids'].filter(Boolean).join('.')] = [
        'knowledgeGraph.nodeNotInCourse',
      ];
    }
  });
  return fields;
}
