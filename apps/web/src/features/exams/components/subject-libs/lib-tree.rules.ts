import type { SubjectLibNode } from '@lectern/contracts/exams/subject-lib.schemas';

export interface FolderChoice {
  id: number;
  title: string;
  depth: number;
}

/** Every folder of a tree, depth-first in display order, with its nesting depth (for indented labels). */
export function foldersOf(nodes: readonly SubjectLibNode[], depth = 0): FolderChoice[] {
  return nodes.flatMap((node) =>
    node.lib_type === 'folder'
      ? [{ id: node.id, title: node.title, depth }, ...foldersOf(node.children, depth + 1)]
      : [],
  );
}

/** The ids of a node and everything under it: a folder cannot move into any of them. */
export function subtreeIds(node: SubjectLibNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** Finds a node anywhere in the tree. */
export function findNode(nodes: readonly SubjectLibNode[], id: number): SubjectLibNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}
