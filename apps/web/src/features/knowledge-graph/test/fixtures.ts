import type {
  KnowledgeNodesResponse,
  KnowledgeTreeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';

export const COURSE_ID = 42;

export function makeTreeNode(
  overrides: Partial<KnowledgeTreeNode> & Pick<KnowledgeTreeNode, 'id' | 'name'>,
): KnowledgeTreeNode {
  return {
    parent_id: null,
    title: overrides.name,
    text: overrides.name,
    nodeKey: `k${overrides.id}`,
    sort: 0,
    bloom_level: null,
    description: '',
    state: { opened: true, selected: false, disabled: false },
    selected: false,
    children: [],
    ...overrides,
  };
}

/** Limits (with Derivatives under it) and Integrals. */
export function makeGraph(overrides: Partial<KnowledgeNodesResponse> = {}): KnowledgeNodesResponse {
  return {
    items: [
      makeTreeNode({
        id: 1,
        name: 'Limits',
        bloom_level: 'understand',
        children: [makeTreeNode({ id: 2, name: 'Derivatives', parent_id: 1, bloom_level: 'apply' })],
      }),
      makeTreeNode({ id: 3, name: 'Integrals', sort: 1 }),
    ],
    relations: [],
    published: false,
    published_at: null,
    can_edit: true,
    ...overrides,
  };
}
