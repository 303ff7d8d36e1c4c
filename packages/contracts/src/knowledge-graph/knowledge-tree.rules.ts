/**
 * Pure rules on a course's knowledge tree, used by the server (to validate) and the web (to draw and to
 * grey out impossible moves). Nodes arrive flat, as rows with a parent id.
 */
export type FlatKnowledgeNode = { id: number; parent_id: number | null; sort: number };

/** Children of each parent id (null: the roots), each list in sort, then id, order. */
export function childrenByParent<T extends FlatKnowledgeNode>(nodes: readonly T[]): Map<number | null, T[]> {
  const byParent = new Map<number | null, T[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const node of nodes) {
    // A node whose parent is not among the nodes is shown as a root rather than lost.
    const parent = node.parent_id !== null && ids.has(node.parent_id) ? node.parent_id : null;
    const list = byParent.get(parent);
    if (list) list.push(node);
    else byParent.set(parent, [node]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  return byParent;
}

/** The node and every node below it. */
export function subtreeIds(nodes: readonly FlatKnowledgeNode[], rootId: number): number[] {
  const byParent = childrenByParent(nodes);
  const out: number[] = [];
  const stack = [rootId];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    for (const child of byParent.get(id) ?? []) stack.push(child.id);
  }
  return out;
}

/**
 * Whether putting `nodeId` under `newParentId` would make a cycle: a node cannot move under itself or
 * under one of its own descendants. A move to the top level (null) never does.
 */
export function wouldCreateCycle(
  nodes: readonly FlatKnowledgeNode[],
  nodeId: number,
  newParentId: number | null,
): boolean {
  if (newParentId === null) return false;
  return subtreeIds(nodes, nodeId).includes(newParentId);
}

/** Ancestors of a node, root first (the node itself left out). */
export function ancestorIds(nodes: readonly FlatKnowledgeNode[], nodeId: number): number[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path: number[] = [];
  const seen = new Set<number>([nodeId]);
  let parent = byId.get(nodeId)?.parent_id ?? null;
  while (parent !== null && !seen.has(parent) && byId.has(parent)) {
    seen.add(parent);
    path.unshift(parent);
    parent = byId.get(parent)?.parent_id ?? null;
  }
  return path;
}

/** Builds the nested tree, mapping each flat node through `shape` with its already-built children. */
export function buildTree<T extends FlatKnowledgeNode, R>(
  nodes: readonly T[],
  shape: (node: T, children: R[]) => R,
): R[] {
  const byParent = childrenByParent(nodes);
  const build = (parent: number | null, seen: Set<number>): R[] =>
    (byParent.get(parent) ?? [])
      .filter((node) => !seen.has(node.id))
      .map((node) => shape(node, build(node.id, new Set(seen).add(node.id))));
  return build(null, new Set());
}
