import type { KnowledgeTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';

/** Every node of the tree, parents before their children. */
export function flattenTree(items: readonly KnowledgeTreeNode[]): KnowledgeTreeNode[] {
  const out: KnowledgeTreeNode[] = [];
  const visit = (nodes: readonly KnowledgeTreeNode[]) => {
    for (const node of nodes) {
      out.push(node);
      visit(node.children);
    }
  };
  visit(items);
  return out;
}

/**
 * The tree cut down to the nodes whose name contains `keyword` (case-insensitive), with their ancestors so
 * each match keeps its place; an empty keyword keeps everything.
 */
export function filterTree(items: readonly KnowledgeTreeNode[], keyword: string): KnowledgeTreeNode[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (!needle) return [...items];
  const keep = (node: KnowledgeTreeNode): KnowledgeTreeNode | null => {
    const children = node.children.map(keep).filter((child) => child !== null);
    if (children.length > 0 || node.name.toLocaleLowerCase().includes(needle)) return { ...node, children };
    return null;
  };
  return items.map(keep).filter((node) => node !== null);
}

/** Ids of the nodes that have children (what a filtered tree opens, so every match shows). */
export function parentIds(items: readonly KnowledgeTreeNode[]): number[] {
  return flattenTree(items)
    .filter((node) => node.children.length > 0)
    .map((node) => node.id);
}

/** Reads `node_id` from a location hash such as `#node_id=12` (the tag's link into the graph). */
export function nodeIdFromHash(hash: string): number | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const id = Number(params.get('node_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
