import { describe, expect, it } from 'vitest';
import {
  characterBigrams,
  clusterPairs,
  diffKnowledgeGraph,
  similarPairs,
  type LocalSyncNode,
} from './knowledge-sync.rules.ts';

const forestNode = (key: string, parent: string | null, name: string, sort = 0) => ({
  key,
  parent_key: parent,
  name,
  description: '',
  bloom_level: null,
  sort,
});
const localNode = (
  id: number,
  parent: number | null,
  key: string | null,
  name: string,
  sort = 0,
): LocalSyncNode => ({
  id,
  parent_id: parent,
  source_key: key,
  name,
  description: '',
  bloom_level: null,
  sort,
});

describe('diffKnowledgeGraph', () => {
  it('lists added, changed and removed nodes and relations, ignoring nodes made here', () => {
    const local = [
      localNode(1, null, 'a', 'Algebra'),
      localNode(2, 1, 'b', 'Groups'),
      localNode(3, 1, 'c', 'Rings'),
      localNode(4, 1, null, 'My own note'),
    ];
    const relations = [
      { id: 10, source_id: 2, target_id: 3, type: 'directed' as const },
      { id: 11, source_id: 2, target_id: 4, type: 'directed' as const },
    ];
    const forest = {
      nodes: [
        forestNode('a', null, 'Algebra'),
        forestNode('b', 'a', 'Group theory'),
        forestNode('d', 'a', 'Fields', 2),
      ],
      relations: [{ source_key: 'b', target_key: 'd', type: 'undirected' as const }],
    };
    const diff = diffKnowledgeGraph(local, relations, forest);
    expect(diff.nodes).toEqual([
      { key: 'd', change: 'added', node_id: null, name: null, source_name: 'Fields', fields: [] },
      {
        key: 'b',
        change: 'changed',
        node_id: 2,
        name: 'Groups',
        source_name: 'Group theory',
        fields: ['name'],
      },
      { key: 'c', change: 'removed', node_id: 3, name: 'Rings', source_name: null, fields: [] },
    ]);
    expect(diff.relations.map((r) => [r.key, r.change, r.relation_id])).toEqual([
      ['b|d', 'added', null],
      ['b|c', 'removed', 10],
    ]);
  });

  it('counts a move under a node made here, and a reversed relation, as changes', () => {
    const local = [localNode(1, null, 'a', 'A'), localNode(2, null, null, 'Mine'), localNode(3, 2, 'b', 'B')];
    const relations = [{ id: 5, source_id: 3, target_id: 1, type: 'directed' as const }];
    const forest = {
      nodes: [forestNode('a', null, 'A'), forestNode('b', 'a', 'B')],
      relations: [{ source_key: 'a', target_key: 'b', type: 'directed' as const }],
    };
    const diff = diffKnowledgeGraph(local, relations, forest);
    expect(diff.nodes).toEqual([
      { key: 'b', change: 'changed', node_id: 3, name: 'B', source_name: 'B', fields: ['parent'] },
    ]);
    expect(diff.relations.map((r) => [r.key, r.change])).toEqual([['a|b', 'changed']]);
  });

  it('is empty once the graph matches', () => {
    const local = [localNode(1, null, 'a', 'A'), localNode(2, 1, 'b', 'B', 1)];
    const forest = { nodes: [forestNode('a', null, 'A'), forestNode('b', 'a', 'B', 1)], relations: [] };
    expect(diffKnowledgeGraph(local, [], forest)).toEqual({ nodes: [], relations: [] });
  });
});

describe('similarity', () => {
  it('splits Chinese into neighbouring-character bigrams and English words into letter bigrams', () => {
    expect([...characterBigrams('函数极限').keys()]).toEqual(['函数', '数极', '极限']);
    expect([...characterBigrams('Big O').keys()]).toEqual(['bi', 'ig', 'o']);
  });

  it('scores Chinese and English near-duplicates high and unrelated names zero', () => {
    const nodes = [
      { id: 1, name: '函数的极限', description: '' },
      { id: 2, name: '函数极限', description: '' },
      { id: 3, name: '线性代数', description: '' },
      { id: 4, name: 'Linear equations', description: '' },
      { id: 5, name: 'linear equation', description: '' },
    ];
    const pairs = similarPairs(nodes, null, 0.5);
    expect(pairs.map((p) => [p.source, p.target])).toEqual([
      [4, 5],
      [1, 2],
    ]);
    // 函数的极限 {函数, 数的, 的极, 极限} vs 函数极限 {函数, 数极, 极限}: 2 / sqrt(4 × 3).
    expect(pairs[1]?.score).toBeCloseTo(2 / Math.sqrt(12), 3);
    expect(pairs[0]?.score).toBeGreaterThan(0.9);
    expect(similarPairs(nodes, null, 0.2).some((p) => p.source === 3 || p.target === 3)).toBe(false);
  });

  it('pairs two graphs source to target, and clusters transitively in a stable order', () => {
    const a = [{ id: 1, name: 'Matrix rank', description: '' }];
    const b = [
      { id: 7, name: 'Rank of a matrix', description: '' },
      { id: 8, name: 'Eigenvalues', description: '' },
    ];
    const cross = similarPairs(a, b, 0.3);
    expect(cross.map((p) => [p.source, p.target])).toEqual([[1, 7]]);
    const clusters = clusterPairs([
      { source: 5, target: 9, score: 0.7 },
      { source: 2, target: 3, score: 0.9 },
      { source: 3, target: 4, score: 0.6 },
    ]);
    expect(clusters).toEqual([
      { ids: [2, 3, 4], score: 0.9 },
      { ids: [5, 9], score: 0.7 },
    ]);
  });
});
