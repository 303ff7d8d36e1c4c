import { describe, expect, it } from 'vitest';
import { ancestorIds, buildTree, subtreeIds, wouldCreateCycle } from './knowledge-tree.rules.ts';

// 1 ─ 2 ─ 4
//   └ 3
// 5
const nodes = [
  { id: 1, parent_id: null, sort: 0 },
  { id: 3, parent_id: 1, sort: 1 },
  { id: 2, parent_id: 1, sort: 0 },
  { id: 4, parent_id: 2, sort: 0 },
  { id: 5, parent_id: null, sort: 1 },
];

describe('knowledge tree rules', () => {
  it('finds a subtree and the ancestors of a node', () => {
    expect(subtreeIds(nodes, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(subtreeIds(nodes, 2).sort()).toEqual([2, 4]);
    expect(ancestorIds(nodes, 4)).toEqual([1, 2]);
    expect(ancestorIds(nodes, 5)).toEqual([]);
  });

  it('refuses a move under the node itself or a descendant, allows any other', () => {
    expect(wouldCreateCycle(nodes, 1, 1)).toBe(true);
    expect(wouldCreateCycle(nodes, 1, 4)).toBe(true);
    expect(wouldCreateCycle(nodes, 2, 4)).toBe(true);
    expect(wouldCreateCycle(nodes, 2, 3)).toBe(false);
    expect(wouldCreateCycle(nodes, 4, 5)).toBe(false);
    expect(wouldCreateCycle(nodes, 1, null)).toBe(false);
  });

  it('builds the nested tree in sort order, keeping orphans as roots and never looping', () => {
    type Out = { id: number; children: Out[] };
    const tree = buildTree(nodes, (n, children): Out => ({ id: n.id, children }));
    expect(tree).toEqual([
      {
        id: 1,
        children: [
          { id: 2, children: [{ id: 4, children: [] }] },
          { id: 3, children: [] },
        ],
      },
      { id: 5, children: [] },
    ]);
    const orphan = buildTree([{ id: 7, parent_id: 99, sort: 0 }], (n, children): Out => ({
      id: n.id,
      children,
    }));
    expect(orphan).toEqual([{ id: 7, children: [] }]);
    const looped = [
      { id: 1, parent_id: 2, sort: 0 },
      { id: 2, parent_id: 1, sort: 0 },
    ];
    expect(buildTree(looped, (n, children): Out => ({ id: n.id, children }))).toEqual([]);
    expect(ancestorIds(looped, 1)).toEqual([2]);
  });
});
